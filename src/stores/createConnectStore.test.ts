import { UserRejectedRequestError } from 'viem'
import { describe, expect, test } from 'vitest'
import { ConnectionFailedError } from '../errors/ConnectionFailedError'
import { createConnectStore } from './createConnectStore'

/** A wallet whose answers the test gives, one per request. */
function scriptedWallet() {
  const requests: { resolve(): void; reject(error: unknown): void }[] = []
  const connect = () =>
    new Promise<void>((resolve, reject) => {
      requests.push({ resolve, reject })
    })
  return { requests, connect }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createConnectStore', () => {
  test('default: idle, nothing asked until shown', () => {
    const wallet = scriptedWallet()
    const store = createConnectStore({ connect: wallet.connect })
    expect(store.getState().status).toBe('idle')
    expect(wallet.requests).toHaveLength(0)
  })

  test('behavior: shown asks the wallet once, StrictMode remount included; connected runs onConnected once', async () => {
    const wallet = scriptedWallet()
    let connected = 0
    const store = createConnectStore({ connect: wallet.connect, onConnected: () => connected++ })
    store.show()
    store.hide()
    store.show()
    expect(wallet.requests).toHaveLength(1)
    wallet.requests[0]?.resolve()
    await tick()
    expect(store.getState().status).toBe('connected')
    expect(connected).toBe(1)
  })

  test('behavior: a rejection fails the flow, retry asks again, the stale answer is ignored', async () => {
    const wallet = scriptedWallet()
    let connected = 0
    const store = createConnectStore({ connect: wallet.connect, onConnected: () => connected++ })
    store.show()
    const declined = new UserRejectedRequestError(new Error('no'))
    wallet.requests[0]?.reject(declined)
    await tick()
    expect(store.getState()).toMatchObject({
      status: 'failed',
      failure: 'rejected',
      error: declined,
    })

    store.retry()
    store.retry() // a second click while pending asks nothing
    expect(wallet.requests).toHaveLength(2)
    wallet.requests[1]?.resolve()
    await tick()
    expect(store.getState()).toMatchObject({ status: 'connected', attempt: 2 })
    expect(connected).toBe(1)
  })

  test('behavior: cancel drops the pending answer; after hide, a late answer runs nothing', async () => {
    const wallet = scriptedWallet()
    let connected = 0
    const store = createConnectStore({ connect: wallet.connect, onConnected: () => connected++ })
    store.show()
    store.cancel()
    wallet.requests[0]?.resolve()
    await tick()
    expect(store.getState().status).toBe('idle')

    store.retry()
    store.hide()
    wallet.requests[1]?.resolve()
    await tick()
    expect(store.getState().status).toBe('idle')
    expect(connected).toBe(0)
  })

  test('error: a connect that throws synchronously or rejects with a non-Error fails with a typed error', async () => {
    const store = createConnectStore({
      connect() {
        throw 'boom'
      },
    })
    store.show()
    await tick()
    expect(store.getState().status).toBe('failed')
    expect(store.getState().error).toBeInstanceOf(ConnectionFailedError)
  })
})
