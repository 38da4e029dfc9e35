import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  decompileTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidSolanaAddressError } from '../errors/InvalidSolanaAddressError'
import { type EncodeSplTransferParameters, encodeSplTransfer } from './encodeSplTransfer'
import {
  findAssociatedTokenAddress,
  findProgramAddress,
  token2022ProgramAddress,
  tokenProgramAddress,
} from './findAssociatedTokenAddress'

// The references are @solana/kit and the token program's own client (dev dependencies): the same
// derivations, and the same transfer compiled by them, read back with kit's decoder.

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(base58)
const tokenProgram = fc.constantFrom(tokenProgramAddress, token2022ProgramAddress)

type KitInstruction = {
  programAddress: string
  accounts?: readonly { address: string; role: number }[]
  data?: Uint8Array
}

/** A wire transaction as kit reads it: fee payer, blockhash, instructions with account roles. */
function read(wire: Uint8Array) {
  const { messageBytes, signatures } = getTransactionDecoder().decode(wire)
  const compiled = getCompiledTransactionMessageDecoder().decode(messageBytes)
  const message = decompileTransactionMessage(
    compiled as Parameters<typeof decompileTransactionMessage>[0],
  )
  return {
    signers: Object.keys(signatures),
    feePayer: message.feePayer.address,
    lifetime: (message.lifetimeConstraint as { blockhash: string }).blockhash,
    instructions: (message.instructions as readonly KitInstruction[]).map((instruction) => ({
      program: instruction.programAddress,
      accounts: instruction.accounts?.map((account) => [account.address, account.role]),
      data: [...(instruction.data ?? [])],
    })),
  }
}

/** The same transfer built by kit and the token program's client. */
async function kitTransfer(p: EncodeSplTransferParameters): Promise<Uint8Array> {
  const owner = createNoopSigner(p.from as Address)
  const program = p.tokenProgram as Address
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({
      owner: p.from as Address,
      mint: p.mint as Address,
      tokenProgram: program,
    }),
    findAssociatedTokenPda({
      owner: p.to as Address,
      mint: p.mint as Address,
      tokenProgram: program,
    }),
  ])
  const instructions = [
    ...(p.createReceiverAccount
      ? [
          getCreateAssociatedTokenIdempotentInstruction({
            payer: owner,
            ata: destination,
            owner: p.to as Address,
            mint: p.mint as Address,
            tokenProgram: program,
          }),
        ]
      : []),
    getTransferCheckedInstruction(
      {
        source,
        mint: p.mint as Address,
        destination,
        authority: owner,
        amount: p.amount,
        decimals: p.decimals,
      },
      { programAddress: program },
    ),
  ]
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(p.from as Address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: p.blockhash as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('findProgramAddress and findAssociatedTokenAddress', () => {
  test('property: the same address and bump as kit for any seeds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 32 }), { maxLength: 4 }),
        key,
        async (seeds, program) => {
          const [address, bump] = await getProgramDerivedAddress({
            programAddress: program as Address,
            seeds,
          })
          expect(await findProgramAddress(seeds, program)).toEqual({ address, bump })
        },
      ),
      { numRuns: 100 },
    )
  })

  test("property: the same associated token account as the token program's client", async () => {
    await fc.assert(
      fc.asyncProperty(key, key, tokenProgram, async (owner, mint, program) => {
        const [expected] = await findAssociatedTokenPda({
          owner: owner as Address,
          mint: mint as Address,
          tokenProgram: program as Address,
        })
        expect(await findAssociatedTokenAddress({ owner, mint, tokenProgram: program })).toBe(
          expected,
        )
      }),
      { numRuns: 100 },
    )
  })

  test('error: too many or too long seeds, and a program that is not an address', async () => {
    await expect(findProgramAddress([new Uint8Array(33)], tokenProgramAddress)).rejects.toThrow(
      RangeError,
    )
    await expect(
      findProgramAddress(
        Array.from({ length: 17 }, () => new Uint8Array(1)),
        tokenProgramAddress,
      ),
    ).rejects.toThrow(RangeError)
    await expect(findProgramAddress([], 'not-an-address')).rejects.toThrow(
      InvalidSolanaAddressError,
    )
  })
})

/** One plain transfer, for the examples below. */
const sample: EncodeSplTransferParameters = {
  from: base58(new Uint8Array(32).fill(1)),
  to: base58(new Uint8Array(32).fill(2)),
  mint: base58(new Uint8Array(32).fill(4)),
  decimals: 6,
  amount: 1_000_000n,
  tokenProgram: tokenProgramAddress,
  createReceiverAccount: false,
  blockhash: base58(new Uint8Array(32).fill(3)),
}

describe('encodeSplTransfer', () => {
  test('property: kit reads the same fee payer, blockhash, instructions and account roles as in its own transfer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          from: key,
          to: key,
          mint: key,
          decimals: fc.integer({ min: 0, max: 255 }),
          amount: fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }),
          tokenProgram,
          createReceiverAccount: fc.boolean(),
          blockhash: key,
        }),
        async (parameters) => {
          const ours = await encodeSplTransfer(parameters)
          expect(read(ours)).toEqual(read(await kitTransfer(parameters)))
          // one signature slot, the sender's, empty
          expect(read(ours).signers).toEqual([parameters.from])
          expect(ours.slice(1, 65).every((byte) => byte === 0)).toBe(true)
        },
      ),
      { numRuns: 100 },
    )
  })

  test('behavior: sending to oneself and creating one’s own account still compiles as kit does', async () => {
    const parameters = { ...sample, to: sample.from, createReceiverAccount: true }
    expect(read(await encodeSplTransfer(parameters))).toEqual(read(await kitTransfer(parameters)))
  })

  test('error: an amount, decimals or program out of range, and a bad address, are refused before anything is built', async () => {
    const valid = sample
    await expect(encodeSplTransfer({ ...valid, amount: 0n })).rejects.toThrow(/amount must be/)
    await expect(encodeSplTransfer({ ...valid, amount: 2n ** 64n })).rejects.toThrow(
      /amount must be/,
    )
    await expect(encodeSplTransfer({ ...valid, decimals: 256 })).rejects.toThrow(/decimals/)
    await expect(
      encodeSplTransfer({ ...valid, tokenProgram: base58(new Uint8Array(32).fill(5)) }),
    ).rejects.toThrow(/tokenProgram/)
    await expect(encodeSplTransfer({ ...valid, to: 'nope' })).rejects.toThrow(
      InvalidSolanaAddressError,
    )
  })
})
