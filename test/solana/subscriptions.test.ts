import {
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type RpcSubscriptions,
  type SolanaRpcSubscriptionsApi,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SOL, sleep } from './solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from './startSolanaRpc'
import { signedTransfer } from './transfer.fixture'

let solana: SolanaRpc
let subscriptions: RpcSubscriptions<SolanaRpcSubscriptionsApi>

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 20 })
  subscriptions = createSolanaRpcSubscriptions(solana.wsUrl)
})
afterAll(async () => {
  await solana?.stop()
})

describe('subscriptions', () => {
  test('behavior: signatureSubscribe notifies once the transfer reaches the commitment, not before', async () => {
    const manual = await startSolanaRpc({ slotMs: 0 })
    try {
      const manualRpc = createSolanaRpc(manual.url)
      const manualSubscriptions = createSolanaRpcSubscriptions(manual.wsUrl)
      const sender = await generateKeyPairSigner()
      await manual.airdrop(sender.address, SOL)
      const { value: lifetime } = await manualRpc
        .getLatestBlockhash({ commitment: 'processed' })
        .send()
      const transaction = await signedTransfer(sender, sender.address, 1n, lifetime)
      const signature = getSignatureFromTransaction(transaction)
      const abort = new AbortController()
      const notifications = await manualSubscriptions
        .signatureNotifications(signature, { commitment: 'confirmed' })
        .subscribe({ abortSignal: abort.signal })
      const first = notifications[Symbol.asyncIterator]().next()

      await manualRpc
        .sendTransaction(getBase64EncodedWireTransaction(transaction), {
          encoding: 'base64',
          preflightCommitment: 'processed',
        })
        .send()
      const early = await Promise.race([
        first.then(() => 'notified'),
        sleep(300).then(() => 'quiet'),
      ])
      expect(early).toBe('quiet')
      const [processed] = (await manualRpc.getSignatureStatuses([signature]).send()).value
      expect(processed?.confirmationStatus).toBe('processed')

      manual.advanceSlots(1)
      const { value } = await first
      expect(value?.value).toEqual({ err: null })
      abort.abort()
    } finally {
      await manual.stop()
    }
  })

  test('behavior: accountSubscribe notifies the new lamports after an airdrop', async () => {
    const { address } = await generateKeyPairSigner()
    const abort = new AbortController()
    const notifications = await subscriptions
      .accountNotifications(address, { commitment: 'processed', encoding: 'base64' })
      .subscribe({ abortSignal: abort.signal })
    const next = notifications[Symbol.asyncIterator]().next()
    await solana.airdrop(address, 4n * SOL)
    const { value } = await next
    expect(value?.value.lamports).toBe(4n * SOL)
    abort.abort()
  })
  test('behavior: an unsubscribed account stops notifying; unknown ids and methods are typed errors on the socket', async () => {
    const { WebSocket } = await import('ws')
    const socket = new WebSocket(solana.wsUrl)
    const frames: Record<string, unknown>[] = []
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())))
    await new Promise((resolve) => socket.once('open', resolve))
    const ask = async (body: string, id: number) => {
      socket.send(body)
      for (let i = 0; i < 100 && !frames.some((frame) => frame.id === id); i++) await sleep(10)
      return frames.find((frame) => frame.id === id)
    }
    const { address } = await generateKeyPairSigner()
    const subscribed = await ask(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'accountSubscribe',
        params: [address, { commitment: 'processed', encoding: 'base64' }],
      }),
      1,
    )
    expect(typeof subscribed?.result).toBe('number')
    expect(
      await ask(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'accountUnsubscribe',
          params: [subscribed?.result],
        }),
        2,
      ),
    ).toEqual({ jsonrpc: '2.0', result: true, id: 2 })
    await solana.airdrop(address, SOL)
    await sleep(100)
    expect(frames.filter((frame) => frame.method === 'accountNotification')).toEqual([])
    expect(
      (
        await ask(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 3,
            method: 'accountUnsubscribe',
            params: [subscribed?.result],
          }),
          3,
        )
      )?.error,
    ).toEqual({ code: -32602, message: 'Invalid subscription id.' })
    expect(
      (
        await ask(
          JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'getBalance', params: [address] }),
          4,
        )
      )?.error,
    ).toEqual({
      code: -32601,
      message: 'Method not found',
    })
    socket.send('{not json')
    for (let i = 0; i < 100 && !frames.some((frame) => frame.id === null); i++) await sleep(10)
    expect(frames.find((frame) => frame.id === null)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
    socket.close()
  })
})
