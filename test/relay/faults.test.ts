import { afterEach, describe, expect, test } from 'vitest'
import { connectRaw, type RawClient } from './rawClient'
import { type Relay, startRelay } from './startRelay'

let relay: Relay
const clients: RawClient[] = []

async function setup(options: Parameters<typeof startRelay>[0] = {}) {
  relay = await startRelay(options)
  const connect = async (id?: string) => {
    const client = await connectRaw(relay.url, id)
    clients.push(client)
    return client
  }
  const [dapp, wallet] = [await connect(), await connect('did:key:wallet')]
  await wallet.call('irn_subscribe', { topic: 't' })
  return { dapp, wallet, connect }
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  await relay?.stop()
})

const publish = (message: string) => ({ topic: 't', message, ttl: 300, tag: 1108 })
/** A round trip on `client`'s socket: every delivery sent to it before is in by then. */
const barrier = (client: RawClient) => client.call('irn_fetchMessages', { topic: 'none' })

describe('relay faults', () => {
  test('parameters: dropNext loses published messages after acknowledging them', async () => {
    const { dapp, wallet } = await setup()
    relay.faults.dropNext(2)
    expect(await dapp.call('irn_publish', publish('lost 1'))).toBe(true)
    expect(await dapp.call('irn_publish', publish('lost 2'))).toBe(true)
    await dapp.call('irn_publish', publish('kept'))
    await wallet.waitForDeliveries(1)
    await barrier(wallet)
    expect(wallet.deliveries.map((d) => d.message)).toEqual(['kept'])
    expect(relay.stats).toMatchObject({ droppedMessages: 2, published: 1 })
  })

  test('parameters: dropSocketAfter cuts the socket that sent the n-th frame, `times` times', async () => {
    const { dapp } = await setup()
    relay.faults.dropSocketAfter(2, 2)
    const closed = new Promise((resolve) => dapp.socket.once('close', resolve))
    await dapp.call('irn_subscribe', { topic: 'a' })
    dapp.sendRaw('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"b"}}')
    await closed
    expect(relay.stats.droppedSockets).toBe(1)
    const again = await connectRaw(relay.url)
    clients.push(again)
    await again.call('irn_subscribe', { topic: 'a' })
    await expect.poll(() => relay.stats.droppedSockets).toBe(1)
    again.sendRaw('{"id":2,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"b"}}')
    await expect.poll(() => relay.stats.droppedSockets).toBe(2)
    const last = await connectRaw(relay.url)
    clients.push(last)
    for (let i = 0; i < 4; i++) await last.call('irn_subscribe', { topic: 'c' })
    expect(relay.stats.droppedSockets).toBe(2)
  })

  test('parameters: delay holds deliveries', async () => {
    const { dapp, wallet } = await setup()
    relay.faults.delay(100)
    await dapp.call('irn_publish', publish('late'))
    await barrier(wallet)
    expect(wallet.deliveries).toEqual([])
    await wallet.waitForDeliveries(1)
    expect(wallet.deliveries.map((d) => d.message)).toEqual(['late'])
  })

  test('parameters: duplicate sends each delivery twice, acknowledged once', async () => {
    const { dapp, wallet } = await setup()
    relay.faults.duplicate(true)
    await dapp.call('irn_publish', publish('twice'))
    const [first, second] = await wallet.waitForDeliveries(2)
    expect(second).toEqual(first)
    await expect.poll(() => relay.stats.acked).toBe(1)
    expect(relay.stats).toMatchObject({ delivered: 2, published: 1 })
  })

  test('parameters: reorder sends deliveries held in a window newest first', async () => {
    const { dapp, wallet } = await setup()
    relay.faults.reorder(true)
    await dapp.call('irn_batchPublish', { messages: ['1', '2', '3'].map(publish) })
    await wallet.waitForDeliveries(3)
    expect(wallet.deliveries.map((d) => d.message)).toEqual(['3', '2', '1'])
  })

  test('behavior: an unacknowledged delivery is sent again, to another socket of the client', async () => {
    const { dapp, wallet, connect } = await setup({ ackTimeoutMs: 50 })
    wallet.acking = false
    const second = await connect('did:key:wallet')
    await second.call('irn_subscribe', { topic: 't' })
    await barrier(wallet) // the first socket is now the most recently active
    await dapp.call('irn_publish', publish('retried'))
    await wallet.waitForDeliveries(1)
    const [retry] = await second.waitForDeliveries(1)
    expect(retry?.message).toBe('retried')
    expect(retry?.rawId).not.toBe(wallet.deliveries[0]?.rawId)
    await expect.poll(() => relay.stats.acked).toBe(1)
  })

  test('behavior: reset turns every fault off', async () => {
    const { dapp, wallet } = await setup()
    relay.faults.dropNext(5)
    relay.faults.duplicate(true)
    relay.faults.reset()
    await dapp.call('irn_publish', publish('plain'))
    await wallet.waitForDeliveries(1)
    await barrier(wallet)
    expect(wallet.deliveries).toHaveLength(1)
  })
})
