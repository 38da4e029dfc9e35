import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type Rpc,
  type SolanaRpcApi,
  signTransaction,
} from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { encodeSplTransfer } from '../../src/solana/encodeSplTransfer'
import { funded } from './solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from './startSolanaRpc'

// The modal's SPL transfer (src/solana/encodeSplTransfer.ts) run by the real Token and Associated
// Token Account programs in litesvm: the receiver's account is created, the amounts move, and
// the program itself refuses decimals that are not the mint's.

let solana: SolanaRpc
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 20 })
  rpc = createSolanaRpc(solana.url)
})
afterAll(async () => {
  await solana?.stop()
})

/** Signs our wire bytes with `signer` (kit), sends them, and waits for the confirmed status. */
async function signAndSend(wire: Uint8Array, signer: CryptoKeyPair) {
  const transaction = await signTransaction([signer], getTransactionDecoder().decode(wire))
  const sent = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), {
      encoding: 'base64',
      preflightCommitment: 'confirmed',
    })
    .send()
  expect(sent).toBe(getSignatureFromTransaction(transaction))
  for (let i = 0; i < 200; i++) {
    const [status] = (await rpc.getSignatureStatuses([sent]).send()).value
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized')
      return status
    await new Promise((done) => setTimeout(done, 20))
  }
  throw new Error(`${sent} was not confirmed`)
}

async function tokenBalance(owner: Address, mint: Address): Promise<string | undefined> {
  const [account] = await findAssociatedTokenPda({
    owner,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const info = await rpc.getAccountInfo(account, { encoding: 'base64' }).send()
  if (!info.value) return undefined
  return (await rpc.getTokenAccountBalance(account, { commitment: 'confirmed' }).send()).value
    .uiAmountString
}

async function transfer(p: {
  from: Address
  to: Address
  mint: Address
  amount: bigint
  decimals?: number
  createReceiverAccount: boolean
}) {
  const { value } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  return encodeSplTransfer({
    decimals: 6,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
    blockhash: value.blockhash,
    ...p,
  })
}

describe('SPL transfers through the token programs', () => {
  test('default: to a wallet without a token account: created, paid by the sender, and the tokens arrive', async () => {
    const sender = await funded(solana)
    const { mint, mintAuthority } = await solana.createMint({ decimals: 6 })
    await solana.mintSplToken({ mint, mintAuthority, owner: sender.address, amount: 5_000_000n })
    const { address: receiver } = await generateKeyPairSigner()
    expect(await tokenBalance(receiver, mint)).toBeUndefined()
    const before = (await rpc.getBalance(sender.address, { commitment: 'confirmed' }).send()).value

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
    const after = (await rpc.getBalance(sender.address, { commitment: 'confirmed' }).send()).value
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

  test("error: decimals that are not the mint's are refused by the token program; nothing moves", async () => {
    const sender = await funded(solana)
    const { mint, mintAuthority } = await solana.createMint({ decimals: 6 })
    await solana.mintSplToken({ mint, mintAuthority, owner: sender.address, amount: 5_000_000n })
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
    const refused = await rpc
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
