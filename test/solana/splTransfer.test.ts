import {
  type Address,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  signTransaction,
} from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { describe, expect, test } from 'vitest'
import { encodeSplTransfer } from '../../src/solana/encodeSplTransfer'
import { splTransferSupport } from '../../src/solana/splTransferSupport'
import { setupSolanaCluster } from './setupSolanaCluster'
import { funded } from './solanaRpc.fixture'
import type { SolanaRpc } from './startSolanaRpc'
import { type MintExtension, TOKEN_2022_PROGRAM_ADDRESS } from './tokens'

// The modal's SPL transfer (src/solana/encodeSplTransfer.ts) run by the real Token, Token-2022 and
// Associated Token Account programs in litesvm: the receiver's account is created, the amounts
// move, and the program itself refuses decimals that are not the mint's. What the modal plans
// from a mint's bytes (src/solana/splTransferSupport.ts: the new account's size, so its rent) is
// what the programs make and charge.

const cluster = setupSolanaCluster()

/** Signs our wire bytes with `signer` (kit), sends them, and waits for the confirmed status. */
async function signAndSend(wire: Uint8Array, signer: CryptoKeyPair) {
  const transaction = await signTransaction([signer], getTransactionDecoder().decode(wire))
  const sent = await cluster.rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), {
      encoding: 'base64',
      preflightCommitment: 'confirmed',
    })
    .send()
  expect(sent).toBe(getSignatureFromTransaction(transaction))
  for (let i = 0; i < 200; i++) {
    const [status] = (await cluster.rpc.getSignatureStatuses([sent]).send()).value
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return status
    await new Promise((done) => setTimeout(done, 20))
  }
  throw new Error(`${sent} was not confirmed`)
}

async function tokenBalance(
  owner: Address,
  mint: Address,
  tokenProgram: Address = TOKEN_PROGRAM_ADDRESS,
): Promise<string | undefined> {
  const [account] = await findAssociatedTokenPda({ owner, mint, tokenProgram })
  const info = await cluster.rpc.getAccountInfo(account, { encoding: 'base64' }).send()
  if (!info.value) return undefined
  return (await cluster.rpc.getTokenAccountBalance(account, { commitment: 'confirmed' }).send())
    .value.uiAmountString
}

/** A funded sender holding 5 of a new 6-decimal mint (`options`: its token program, extensions). */
async function senderHolding5(
  options: Omit<Parameters<SolanaRpc['createMint']>[0], 'decimals'> = {},
) {
  const sender = await funded(cluster.solana)
  const created = await cluster.solana.createMint({ decimals: 6, ...options })
  await cluster.solana.mintSplToken({ ...created, owner: sender.address, amount: 5_000_000n })
  return { sender, ...created }
}

async function transfer(p: {
  from: Address
  to: Address
  mint: Address
  amount: bigint
  decimals?: number
  tokenProgram?: Address
  createReceiverAccount: boolean
}) {
  const { value } = await cluster.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  return encodeSplTransfer({
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
    blockhash: value.blockhash,
    ...p,
  })
}

describe('SPL transfers through the token programs', () => {
  test('default: to a wallet without a token account: created, paid by the sender, and the tokens arrive', async () => {
    const { sender, mint } = await senderHolding5()
    const { address: receiver } = await generateKeyPairSigner()
    expect(await tokenBalance(receiver, mint)).toBeUndefined()
    const before = (
      await cluster.rpc.getBalance(sender.address, { commitment: 'confirmed' }).send()
    ).value

    const wire = await transfer({
      from: sender.address,
      to: receiver,
      mint,
      amount: 1_500_000n,
      createReceiverAccount: true,
    })
    const status = await signAndSend(wire, sender.keyPair)
    expect(status.err).toBeNull()
    expect(await tokenBalance(receiver, mint)).toBe('1.5')
    expect(await tokenBalance(sender.address, mint)).toBe('3.5')
    // the sender paid the fee and the new account's rent
    const after = (await cluster.rpc.getBalance(sender.address, { commitment: 'confirmed' }).send())
      .value
    expect(before - after).toBeGreaterThan(5000n)

    // the account exists now: created "again" (idempotent) or not asked, both go through
    for (const createReceiverAccount of [true, false]) {
      const again = await transfer({
        from: sender.address,
        to: receiver,
        mint,
        amount: 500_000n,
        createReceiverAccount,
      })
      expect((await signAndSend(again, sender.keyPair)).err).toBeNull()
    }
    expect(await tokenBalance(receiver, mint)).toBe('2.5')
    expect(await tokenBalance(sender.address, mint)).toBe('2.5')
  })

  test("behavior: the receiver's new account as planned from the mint's bytes: the size the programs make, the rent the sender pays", async () => {
    const cases: [Address, MintExtension[]][] = [
      [TOKEN_PROGRAM_ADDRESS, []],
      [TOKEN_2022_PROGRAM_ADDRESS, []],
      [TOKEN_2022_PROGRAM_ADDRESS, ['mintCloseAuthority']],
    ]
    for (const [tokenProgram, extensions] of cases) {
      const { sender, ...created } = await senderHolding5({ tokenProgram, extensions })
      const { mint } = created
      const mintAccount = await cluster.rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
      const mintData = new Uint8Array(Buffer.from(mintAccount.value?.data[0] ?? '', 'base64'))
      const support = splTransferSupport({ tokenProgram, mintData })
      if (!support.supported) throw new Error(`${tokenProgram} ${extensions} refused`)
      const rent = await cluster.rpc
        .getMinimumBalanceForRentExemption(BigInt(support.accountSpace))
        .send()
      const { address: receiver } = await generateKeyPairSigner()
      const balance = async () =>
        (await cluster.rpc.getBalance(sender.address, { commitment: 'confirmed' }).send()).value
      const before = await balance()

      const wire = await transfer({
        from: sender.address,
        to: receiver,
        mint,
        amount: 1_250_000n,
        tokenProgram,
        createReceiverAccount: true,
      })
      expect((await signAndSend(wire, sender.keyPair)).err).toBeNull()
      expect(before - (await balance())).toBe(5000n + rent)
      const [account] = await findAssociatedTokenPda({ owner: receiver, mint, tokenProgram })
      const info = await cluster.rpc.getAccountInfo(account, { encoding: 'base64' }).send()
      expect([info.value?.owner, info.value?.space]).toEqual([
        tokenProgram,
        BigInt(support.accountSpace),
      ])
      expect(await tokenBalance(receiver, mint, tokenProgram)).toBe('1.25')
    }
  })

  test('behavior: a Token-2022 mint with a transfer fee is refused from its real bytes (the receiver would get less than sent)', async () => {
    const { mint } = await cluster.solana.createMint({
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      extensions: ['mintCloseAuthority', 'transferFee'],
    })
    const { value } = await cluster.rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
    const mintData = new Uint8Array(Buffer.from(value?.data[0] ?? '', 'base64'))
    // TransferFeeConfig is extension 1; the close authority (3) is plain
    expect(splTransferSupport({ tokenProgram: TOKEN_2022_PROGRAM_ADDRESS, mintData })).toEqual({
      supported: false,
      reason: 'extensions',
      extensions: [1],
    })
  })

  test("error: decimals that are not the mint's are refused by the token program; nothing moves", async () => {
    const { sender, mint } = await senderHolding5()
    const { address: receiver } = await generateKeyPairSigner()
    const wire = await transfer({
      from: sender.address,
      to: receiver,
      mint,
      amount: 1_000_000n,
      decimals: 9,
      createReceiverAccount: true,
    })
    const transaction = await signTransaction(
      [sender.keyPair],
      getTransactionDecoder().decode(wire),
    )
    const refused = await cluster.rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
      })
      .send()
      .catch((error: unknown) => error)
    // preflight: the Token program's MintDecimalsMismatch (0x12) in TransferChecked
    const context = (refused as { context?: { __code?: number; logs?: string[] } }).context
    expect(context?.__code).toBe(-32002)
    expect(context?.logs).toContain('Program log: Error: decimals different from the Mint decimals')
    expect(context?.logs).toContain(
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA failed: custom program error: 0x12',
    )
    expect(await tokenBalance(sender.address, mint)).toBe('5')
    expect(await tokenBalance(receiver, mint)).toBeUndefined()
  })
})
