import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidSolanaAddressError } from '../errors/InvalidSolanaAddressError'
import { decodeSolanaTransaction } from './decodeSolanaTransaction'
import { encodeSolTransfer } from './encodeSolTransfer'

// The reference is @solana/kit with the System Program's own client (dev dependencies): the same
// legacy transfer compiled and encoded by them, byte for byte.

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(base58)
const lamports = fc.bigInt({ min: 1n, max: 2n ** 64n - 1n })

function kitTransfer(from: string, to: string, amount: bigint, blockhash: string): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(from as Address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(from as Address),
          destination: to as Address,
          amount,
        }),
        m,
      ),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('encodeSolTransfer', () => {
  test('default: the bytes @solana/kit encodes for the same legacy transfer', () => {
    fc.assert(
      fc.property(key, key, lamports, key, (from, to, amount, blockhash) => {
        expect(encodeSolTransfer({ from, to, lamports: amount, blockhash })).toEqual(
          kitTransfer(from, to, amount, blockhash),
        )
      }),
    )
  })

  test('behavior: to oneself, the sender is listed once (as kit does)', () => {
    const from = base58(new Uint8Array(32).fill(7))
    const blockhash = base58(new Uint8Array(32).fill(9))
    const bytes = encodeSolTransfer({ from, to: from, lamports: 5n, blockhash })
    expect(bytes).toEqual(kitTransfer(from, from, 5n, blockhash))
    expect(decodeSolanaTransaction(bytes).staticAccounts).toEqual([
      from,
      '11111111111111111111111111111111',
    ])
  })

  test('behavior: reads back as one unsigned System Program transfer', () => {
    const from = base58(new Uint8Array(32).fill(1))
    const to = base58(new Uint8Array(32).fill(2))
    const blockhash = base58(new Uint8Array(32).fill(3))
    const decoded = decodeSolanaTransaction(
      encodeSolTransfer({ from, to, lamports: 1_500_000_000n, blockhash }),
    )
    expect(decoded.signatures).toEqual([new Uint8Array(64)])
    expect(decoded.recentBlockhash).toBe(blockhash)
    expect(decoded.staticAccounts).toEqual([from, to, '11111111111111111111111111111111'])
    expect(decoded.instructions).toEqual([
      {
        programIndex: 2,
        accounts: [0, 1],
        // Transfer (2), then 1.5 SOL in lamports, both little-endian
        data: Uint8Array.of(2, 0, 0, 0, 0, 0x2f, 0x68, 0x59, 0, 0, 0, 0),
      },
    ])
  })

  test('error: an invalid address or blockhash, or lamports out of range', () => {
    const good = base58(new Uint8Array(32).fill(1))
    const base = { from: good, to: good, lamports: 1n, blockhash: good }
    expect(() => encodeSolTransfer({ ...base, to: '0xabc' })).toThrow(InvalidSolanaAddressError)
    expect(() => encodeSolTransfer({ ...base, blockhash: 'nope' })).toThrow(
      InvalidSolanaAddressError,
    )
    expect(() => encodeSolTransfer({ ...base, lamports: 0n })).toThrow(RangeError)
    expect(() => encodeSolTransfer({ ...base, lamports: 2n ** 64n })).toThrow(RangeError)
  })
})
