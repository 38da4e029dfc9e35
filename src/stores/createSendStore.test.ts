import { UserRejectedRequestError } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { SentTransaction } from '../account/createLocalActivity'
import { EstimateGasFailedError } from '../errors/EstimateGasFailedError'
import { TransactionFailedError } from '../errors/TransactionFailedError'
import { TransactionReplacedError } from '../errors/TransactionReplacedError'
import type { SendReceipt, SendTransactionRequest, SendTransport } from '../send/SendTransport'
import { createSendStore, type SendDataClient } from './createSendStore'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const usdt = {
  address: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  symbol: 'USDT',
  name: 'Tether USD',
  decimals: 6,
} as const
const hash = `0x${'ab'.repeat(32)}` as const

/** A chain stand-in: balances, fees and a receipt the test hands out when it wants. */
function fakeTransport() {
  const sent: SendTransactionRequest[] = []
  let settle: ((receipt: SendReceipt) => void) | undefined
  const transport: SendTransport = {
    getBalance: async ({ token }) => (token ? 10_000_000n : 10n ** 18n),
    getFeesPerGas: async () => ({ maxFeePerGas: 10n ** 9n }),
    estimateGas: async ({ data }) => (data ? 46_000n : 21_000n),
    sendTransaction: async (request) => {
      sent.push(request)
      return hash
    },
    waitForReceipt: () =>
      new Promise((done) => {
        settle = done
      }),
  }
  return { transport, sent, settle: (receipt: SendReceipt) => settle?.(receipt) }
}

function fakeData(names: Record<string, string>) {
  const recorded: SentTransaction[] = []
  const client: SendDataClient = {
    hasServer: true,
    resolveName: async ({ name }) => ({
      supported: true,
      name,
      address: names[name] ?? null,
      avatar: names[name] ? 'https://example.com/avatar.png' : null,
    }),
    getIdentity: async () => ({ supported: true, name: null, address: to, avatar: null }),
    recordTransaction: (sent) => {
      recorded.push(sent)
    },
  }
  return { client, recorded }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

async function ready(store: ReturnType<typeof createSendStore>, receiver = to) {
  store.setAccount({ address: from, chainId: 1, namespace: 'eip155' })
  store.selectToken(usdt)
  store.setAmount('2.5')
  store.setReceiver(receiver)
  await vi.advanceTimersByTimeAsync(500)
  await vi.advanceTimersByTimeAsync(250)
}

describe('createSendStore', () => {
  test('default: a USDT transfer is `transfer(to, amount)` to the token with the estimated gas', async () => {
    const chain = fakeTransport()
    const data = fakeData({})
    const store = createSendStore({ transport: chain.transport, dataClient: data.client })
    await ready(store)
    expect(store.getState().ready).toBe(true)
    const sending = store.send()
    await vi.advanceTimersByTimeAsync(0)
    expect(chain.sent).toEqual([
      {
        chainId: 1,
        from,
        to: usdt.address,
        value: 0n,
        // transfer(address,uint256): selector a9059cbb, receiver, 2500000
        data: `0xa9059cbb000000000000000000000000${to.slice(2).toLowerCase()}${2_500_000n.toString(16).padStart(64, '0')}`,
        gas: 46_000n,
        maxFeePerGas: 10n ** 9n,
        maxPriorityFeePerGas: undefined,
      },
    ])
    expect(store.getState().status).toBe('pending')
    expect(data.recorded.map((r) => r.status)).toEqual(['pending'])
    chain.settle({ status: 'success', hash })
    expect(await sending).toBe(hash)
    expect(store.getState().status).toBe('confirmed')
    expect(data.recorded.at(-1)).toEqual({
      hash,
      chainId: 1,
      from,
      to,
      amount: '2.5',
      symbol: 'USDT',
      token: usdt.address,
      status: 'confirmed',
    })
    store.destroy()
  })

  test('behavior: the receiver is looked up once, 500 ms after the last keystroke; a name brings its address and avatar', async () => {
    const chain = fakeTransport()
    const data = fakeData({ 'alice.eth': to })
    const resolve = vi.spyOn(data.client, 'resolveName')
    const store = createSendStore({ transport: chain.transport, dataClient: data.client })
    store.setAccount({ address: from, chainId: 1, namespace: 'eip155' })
    for (const partial of ['a', 'al', 'alice.et', 'alice.eth']) {
      store.setReceiver(partial)
      await vi.advanceTimersByTimeAsync(100)
    }
    expect(store.getState().receiver.status).toBe('typing')
    await vi.advanceTimersByTimeAsync(400)
    expect(resolve).toHaveBeenCalledTimes(1)
    expect(resolve).toHaveBeenCalledWith({ name: 'alice.eth', chainId: 1 })
    expect(store.getState().receiver).toEqual({ status: 'valid', address: to, name: 'alice.eth' })
    expect(store.getState().receiverAvatar).toBe('https://example.com/avatar.png')
    store.setReceiver('nobody.eth')
    await vi.advanceTimersByTimeAsync(500)
    expect(store.getState().receiver).toEqual({ status: 'invalid', rule: 'nameNotFound' })
    store.destroy()
  })

  test('behavior: a name server answer in lower case is checksummed; one that is no address is not found', async () => {
    const data = fakeData({ 'alice.eth': to.toLowerCase(), 'broken.eth': '0x1234' })
    const store = createSendStore({ transport: fakeTransport().transport, dataClient: data.client })
    store.setAccount({ address: from, chainId: 1, namespace: 'eip155' })
    store.setReceiver('alice.eth')
    await vi.advanceTimersByTimeAsync(500)
    expect(store.getState().receiver).toEqual({ status: 'valid', address: to, name: 'alice.eth' })
    store.setReceiver('broken.eth')
    await vi.advanceTimersByTimeAsync(500)
    expect(store.getState().receiver).toEqual({ status: 'invalid', rule: 'nameNotFound' })
    store.destroy()
  })

  test('error: a name without a data client is not found, never guessed', async () => {
    const store = createSendStore({ transport: fakeTransport().transport })
    store.setAccount({ address: from, chainId: 1, namespace: 'eip155' })
    store.setReceiver('alice.eth')
    await vi.advanceTimersByTimeAsync(500)
    expect(store.getState().violation).toBeDefined()
    expect(store.getState().receiver).toEqual({ status: 'invalid', rule: 'nameNotFound' })
  })

  test('error: a transfer that cannot be estimated is "Estimate gas failed" and cannot be sent', async () => {
    const chain = fakeTransport()
    chain.transport.estimateGas = async () => {
      throw new Error('execution reverted')
    }
    const store = createSendStore({ transport: chain.transport })
    await ready(store)
    expect(store.getState().feeError).toBeInstanceOf(EstimateGasFailedError)
    expect(store.getState().ready).toBe(false)
    expect(await store.send()).toBeUndefined()
    expect(chain.sent).toEqual([])
  })

  test('error: a rejection is viem’s UserRejectedRequestError; nothing is recorded', async () => {
    const chain = fakeTransport()
    chain.transport.sendTransaction = async () => {
      throw Object.assign(new Error('User denied'), { code: 4001 })
    }
    const data = fakeData({})
    const store = createSendStore({ transport: chain.transport, dataClient: data.client })
    await ready(store)
    expect(await store.send()).toBeUndefined()
    expect(store.getState().error).toBeInstanceOf(UserRejectedRequestError)
    expect(store.getState().status).toBe('editing')
    expect(data.recorded).toEqual([])
  })

  test('error: a reverted receipt is failed; a replaced transaction is replaced; both recorded as failed', async () => {
    for (const [receipt, status, error] of [
      [{ status: 'reverted', hash }, 'failed', TransactionFailedError],
      [
        { status: 'success', hash: `0x${'cd'.repeat(32)}`, replaced: 'cancelled' },
        'replaced',
        TransactionReplacedError,
      ],
    ] as const) {
      const chain = fakeTransport()
      const data = fakeData({})
      const store = createSendStore({ transport: chain.transport, dataClient: data.client })
      await ready(store)
      const sending = store.send()
      await vi.advanceTimersByTimeAsync(0)
      chain.settle(receipt)
      expect(await sending).toBeUndefined()
      expect(store.getState().status).toBe(status)
      expect(store.getState().error).toBeInstanceOf(error)
      expect(data.recorded.map((r) => r.status)).toEqual(['pending', 'failed'])
    }
  })

  test('behavior: a repriced transaction (same transfer, new hash) is confirmed under its new hash', async () => {
    const chain = fakeTransport()
    const data = fakeData({})
    const store = createSendStore({ transport: chain.transport, dataClient: data.client })
    await ready(store)
    const sending = store.send()
    await vi.advanceTimersByTimeAsync(0)
    const repriced = `0x${'ef'.repeat(32)}` as const
    chain.settle({ status: 'success', hash: repriced, replaced: 'repriced' })
    expect(await sending).toBe(hash)
    expect(store.getState().status).toBe('confirmed')
    expect(data.recorded.at(-1)).toMatchObject({ hash: repriced, status: 'confirmed' })
  })
})
