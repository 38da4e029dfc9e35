import { afterEach, describe, expect, test } from 'vitest'
import { connectRaw, type RawClient } from './rawClient'
import { type Relay, startRelay } from './startRelay'

let relay: Relay
const clients: RawClient[] = []
let clock = 1_700_000_000_000

async function setup(options: Parameters<typeof startRelay>[0] = {}) {
  relay = await startRelay({ now: () => clock, ...options })
  const connect = async (id?: string) => {
    const client = await connectRaw(relay.url, id)
    clients.push(client)
    return client
  }
  return { connect }
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  await relay?.stop()
})

const publish = (topic: string, message: string, ttl = 300) => ({ topic, message, ttl, tag: 1108 })

describe('startRelay', () => {
  test('default: answers a 19-digit id byte for byte', async () => {
    const { connect } = await setup()
    const client = await connect()
    const frame = await client.send('irn_subscribe', { topic: 'a' }, '1734567890123456789')
    expect(frame.startsWith('{"id":1734567890123456789,')).toBe(true)
    const other = await client.send('irn_subscribe', { topic: 'a' }, '"text-id"')
    expect(JSON.parse(other).id).toBe('text-id')
    expect(relay.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
  })

  test('behavior: delivers a publish to subscribers as irn_subscription, not to its publisher', async () => {
    const { connect } = await setup()
    const [dapp, wallet] = [await connect(), await connect()]
    await dapp.call('irn_subscribe', { topic: 't' })
    const id = await wallet.call('irn_subscribe', { topic: 't' })
    expect(id).toMatch(/^[0-9a-f]{64}$/)
    expect(await dapp.call('irn_publish', publish('t', 'hello'))).toBe(true)
    const [delivery] = await wallet.waitForDeliveries(1)
    expect(delivery).toMatchObject({ topic: 't', message: 'hello', tag: 1108, publishedAt: clock })
    expect(delivery?.rawId).toMatch(/^\d{19}$/)
    await dapp.call('irn_fetchMessages', { topic: 't' })
    expect(dapp.deliveries).toEqual([])
    await expect.poll(() => relay.stats.acked).toBe(1)
    expect(relay.stats).toMatchObject({ published: 1, delivered: 1, connections: 2, open: 2 })
  })

  test('behavior: keeps messages for subscribers that arrive later, until their TTL', async () => {
    const { connect } = await setup()
    const dapp = await connect()
    await dapp.call('irn_publish', publish('t', 'kept', 60))
    await dapp.call('irn_publish', publish('t', 'expires', 5))
    clock += 5_000
    const wallet = await connect()
    await wallet.call('irn_subscribe', { topic: 't' })
    const deliveries = await wallet.waitForDeliveries(1)
    await wallet.call('irn_fetchMessages', { topic: 'x' })
    expect(wallet.deliveries.map((d) => d.message)).toEqual(['kept'])
    expect(deliveries[0]?.message).toBe('kept')
    clock += 60_000
    const late = await connect()
    await late.call('irn_subscribe', { topic: 't' })
    await late.call('irn_fetchMessages', { topic: 'x' })
    expect(late.deliveries).toEqual([])
  })

  test('behavior: an acknowledged message is not delivered again to that client; an unacknowledged one is', async () => {
    const { connect } = await setup()
    const dapp = await connect()
    await dapp.call('irn_publish', publish('acked', 'a'))
    await dapp.call('irn_publish', publish('ignored', 'b'))
    const first = await connect('did:key:wallet')
    await first.call('irn_subscribe', { topic: 'acked' })
    await first.waitForDeliveries(1)
    first.acking = false
    await first.call('irn_subscribe', { topic: 'ignored' })
    await first.waitForDeliveries(2)
    await expect.poll(() => relay.stats.acked).toBe(1)
    await first.close()
    const again = await connect('did:key:wallet')
    const ids = await again.call('irn_batchSubscribe', { topics: ['acked', 'ignored'] })
    expect(ids).toHaveLength(2)
    await again.waitForDeliveries(1)
    await again.call('irn_fetchMessages', { topic: 'x' })
    expect(again.deliveries.map((d) => d.message)).toEqual(['b'])
  })

  test('behavior: an ack in core’s BigInt form ("…n") counts', async () => {
    const { connect } = await setup()
    const [dapp, wallet] = [await connect(), await connect()]
    wallet.acking = false
    await wallet.call('irn_subscribe', { topic: 't' })
    await dapp.call('irn_publish', publish('t', 'm'))
    const [delivery] = await wallet.waitForDeliveries(1)
    wallet.sendRaw(`{"id":"${delivery?.rawId}n","jsonrpc":"2.0","result":true}`)
    await expect.poll(() => relay.stats.acked).toBe(1)
  })

  test('behavior: batch subscribe delivers on every topic; unsubscribe stops delivery', async () => {
    const { connect } = await setup()
    const [dapp, wallet] = [await connect(), await connect()]
    await wallet.call('irn_batchSubscribe', { topics: ['a', 'b', 'c'] })
    await dapp.call('irn_batchPublish', { messages: [publish('a', '1'), publish('b', '2')] })
    await wallet.waitForDeliveries(2)
    expect(await wallet.call('irn_unsubscribe', { topic: 'a', id: 'x' })).toBe(true)
    await wallet.call('irn_batchUnsubscribe', { subscriptions: [{ topic: 'b', id: 'y' }] })
    await dapp.call('irn_publish', publish('a', '3'))
    await dapp.call('irn_publish', publish('b', '4'))
    await dapp.call('irn_publish', publish('c', '5'))
    await wallet.waitForDeliveries(3)
    await wallet.call('irn_fetchMessages', { topic: 'x' })
    expect(wallet.deliveries.map((d) => d.message)).toEqual(['1', '2', '5'])
  })

  test('behavior: wc_proposeSession and wc_approveSession publish and subscribe their caller', async () => {
    const { connect } = await setup()
    const [dapp, wallet] = [await connect(), await connect()]
    const proposal = { pairingTopic: 'pairing', sessionProposal: 'proposal', ttl: 300, tag: 1100 }
    expect(await dapp.call('wc_proposeSession', proposal)).toBe(true)
    await wallet.call('irn_subscribe', { topic: 'pairing' })
    expect((await wallet.waitForDeliveries(1))[0]).toMatchObject({ message: 'proposal', tag: 1100 })
    const approval = {
      sessionTopic: 'session',
      pairingTopic: 'pairing',
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
    }
    expect(await wallet.call('wc_approveSession', approval)).toBe(true)
    // The dapp follows the pairing topic without ever calling irn_subscribe on it.
    expect((await dapp.waitForDeliveries(1))[0]).toMatchObject({ topic: 'pairing', tag: 1101 })
    await dapp.call('irn_subscribe', { topic: 'session' })
    const [, settle] = await dapp.waitForDeliveries(2)
    expect(settle).toMatchObject({ topic: 'session', message: 'settle', tag: 1102 })
    // The wallet follows the session topic.
    await dapp.call('irn_publish', publish('session', 'request'))
    expect((await wallet.waitForDeliveries(2))[1]).toMatchObject({ message: 'request' })
    expect(await dapp.call('irn_fetchMessages', { topic: 'session' })).toMatchObject({
      messages: [{ message: 'settle' }, { message: 'request' }],
      hasMore: false,
    })
  })

  test('behavior: JSON-RPC errors', async () => {
    const { connect } = await setup()
    const client = await connect()
    expect(await client.send('irn_nothing', {}, '12345678901234567890')).toMatchInlineSnapshot(
      `"{"id":12345678901234567890,"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"}}"`,
    )
    await expect(
      client.call('irn_publish', { topic: 't' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[Error: -32602: Invalid params: ttl must be a positive number]`,
    )
    await expect(client.call('irn_batchSubscribe', { topics: 'a' })).rejects.toThrow('-32602')
  })

  test('parameters: pingIntervalMs', async () => {
    await setup({ pingIntervalMs: 20 })
    const { WebSocket } = await import('ws')
    const socket = new WebSocket(relay.url)
    await new Promise((resolve) => socket.once('ping', resolve))
    socket.terminate()
  })
})
