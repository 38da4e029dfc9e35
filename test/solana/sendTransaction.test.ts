import {
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  type Rpc,
  type RpcSubscriptions,
  SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  type SolanaRpcApi,
  type SolanaRpcSubscriptionsApi,
  sendAndConfirmTransactionFactory,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { funded, post, SOL } from './solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from './startSolanaRpc'
import { signedTransfer } from './transfer.fixture'

let solana: SolanaRpc
let rpc: Rpc<SolanaRpcApi>
let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 20 })
  rpc = createSolanaRpc(solana.url)
  subscriptions = createSolanaRpcSubscriptions(solana.wsUrl)
})
afterAll(async () => {
  await solana?.stop()
})

describe('transactions', () => {
  test('default: a SOL transfer through sendAndConfirmTransaction moves lamports and charges the fee', async () => {
    const sender = await funded(solana)
    const { address: recipient } = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const transaction = await signedTransfer(sender, recipient, SOL / 2n, lifetime)
    const fee = await rpc
      .getFeeForMessage(
        Buffer.from(transaction.messageBytes).toString('base64') as Parameters<
          typeof rpc.getFeeForMessage
        >[0],
      )
      .send()
    expect(fee.value).toBe(5000n)

    const sendAndConfirm = sendAndConfirmTransactionFactory({
      rpc,
      rpcSubscriptions: subscriptions,
    })
    await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], {
      commitment: 'confirmed',
    })

    expect((await rpc.getBalance(recipient, { commitment: 'confirmed' }).send()).value).toBe(
      SOL / 2n,
    )
    expect((await rpc.getBalance(sender.address, { commitment: 'confirmed' }).send()).value).toBe(
      2n * SOL - SOL / 2n - 5000n,
    )
    const [status] = (
      await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    ).value
    expect(
      status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized',
    ).toBe(true)
  })

  test('error: a transfer beyond the balance fails preflight with the validator-shaped -32002 error', async () => {
    const sender = await funded(solana, SOL)
    const { address: recipient } = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const transaction = await signedTransfer(sender, recipient, 5n * SOL, lifetime)
    const wire = getBase64EncodedWireTransaction(transaction)

    const failure = await rpc
      .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
      .send()
      .catch((error: unknown) => error)
    expect(
      isSolanaError(
        failure,
        SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      ),
    ).toBe(true)
    const cause = (failure as { cause?: unknown }).cause
    expect(isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)

    const raw = await post(
      solana.url,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'sendTransaction',
        params: [wire, { encoding: 'base64', preflightCommitment: 'confirmed' }],
      }),
    )
    expect(raw.body.id).toBe(7)
    expect(raw.body.error.code).toBe(-32002)
    expect(raw.body.error.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect(raw.body.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(raw.body.error.data.logs).toContain(
      'Transfer: insufficient lamports 999995000, need 5000000000',
    )
    // Nothing landed: the balance is whole and the signature unknown.
    expect((await rpc.getBalance(sender.address, { commitment: 'processed' }).send()).value).toBe(
      SOL,
    )
    const [status] = (
      await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    ).value
    expect(status).toBeNull()
  })

  test('error: an expired blockhash is refused in preflight, and without preflight the transfer never lands', async () => {
    const sender = await funded(solana)
    const { address: recipient } = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
    // Past lastValidBlockHeight for every commitment (confirmed lags the tip by one slot).
    solana.advanceSlots(160)
    const { value: valid } = await rpc
      .isBlockhashValid(lifetime.blockhash, { commitment: 'processed' })
      .send()
    expect(valid).toBe(false)

    const transaction = await signedTransfer(sender, recipient, SOL, lifetime)
    const sendAndConfirm = sendAndConfirmTransactionFactory({
      rpc,
      rpcSubscriptions: subscriptions,
    })
    const refused = await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], {
      commitment: 'confirmed',
    }).catch((error: unknown) => error)
    expect(
      isSolanaError(
        refused,
        SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
      ),
    ).toBe(true)
    expect(
      isSolanaError(
        (refused as { cause?: unknown }).cause,
        SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
      ),
    ).toBe(true)

    const dropped = await sendAndConfirm(transaction as Parameters<typeof sendAndConfirm>[0], {
      commitment: 'confirmed',
      skipPreflight: true,
    }).catch((error: unknown) => error)
    expect(isSolanaError(dropped, SOLANA_ERROR__BLOCK_HEIGHT_EXCEEDED)).toBe(true)
    expect((await rpc.getBalance(recipient, { commitment: 'processed' }).send()).value).toBe(0n)
  })

  test('behavior: preflight runs against the bank at preflightCommitment: a confirmed blockhash is unknown to finalized', async () => {
    // A stopped clock, so the finalized bank cannot catch up while the test runs.
    const manual = await startSolanaRpc({ slotMs: 0 })
    try {
      const manualRpc = createSolanaRpc(manual.url)
      const sender = await generateKeyPairSigner()
      await manual.airdrop(sender.address, SOL)
      const { value: lifetime } = await manualRpc
        .getLatestBlockhash({ commitment: 'confirmed' })
        .send()
      const transaction = await signedTransfer(sender, sender.address, 1n, lifetime)
      const wire = getBase64EncodedWireTransaction(transaction)
      const early = await manualRpc
        .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'finalized' })
        .send()
        .catch((error: unknown) => error)
      expect(
        isSolanaError(
          early,
          SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
        ),
      ).toBe(true)
      expect(
        isSolanaError(
          (early as { cause?: unknown }).cause,
          SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
        ),
      ).toBe(true)
      const signature = await manualRpc
        .sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' })
        .send()
      expect(signature).toBe(getSignatureFromTransaction(transaction))
    } finally {
      await manual.stop()
    }
  })

  test('behavior: simulateTransaction reports the error and logs in value, not as an RPC error', async () => {
    const sender = await funded(solana, SOL)
    const { address: recipient } = await generateKeyPairSigner()
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
    const transaction = await signedTransfer(sender, recipient, 5n * SOL, lifetime)
    const { value } = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(transaction), {
        encoding: 'base64',
        commitment: 'processed',
      })
      .send()
    // kit reads every JSON integer as a bigint.
    expect(value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(value.logs?.at(-1)).toBe(
      'Program 11111111111111111111111111111111 failed: custom program error: 0x1',
    )
  })

  test('error: a transaction with a forged signature gets -32003', async () => {
    const sender = await funded(solana, SOL)
    const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send()
    const transaction = await signedTransfer(sender, sender.address, 1n, lifetime)
    const forged = { ...transaction, signatures: { [sender.address]: new Uint8Array(64).fill(7) } }
    const raw = await post(
      solana.url,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'sendTransaction',
        params: [
          getBase64EncodedWireTransaction(forged as typeof transaction),
          { encoding: 'base64' },
        ],
      }),
    )
    expect(raw.body.error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    })
  })
})
