import { UserRejectedRequestError } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { WalletConnectPairingReplacedError } from '../errors/WalletConnectPairingReplacedError'
import { createWalletConnectPairingStore } from './createWalletConnectPairingStore'

/** A connector stand-in: each connect is an attempt the test settles; a newer one replaces it. */
function scriptedConnector() {
  const attempts: { approve(): void; reject(error: Error): void }[] = []
  let replace: ((error: Error) => void) | undefined
  const connect = () =>
    new Promise<void>((resolve, reject) => {
      replace?.(new WalletConnectPairingReplacedError())
      replace = reject
      attempts.push({ approve: resolve, reject })
    })
  return { attempts, connect }
}

const uri = (n: number) =>
  `wc:${String(n).repeat(64)}@2?relay-protocol=irn&symKey=${'a'.repeat(64)}`

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('createWalletConnectPairingStore', () => {
  test('behavior: shown asks once (StrictMode remount included); approval runs onApproved once', async () => {
    const connector = scriptedConnector()
    let approved = 0
    const store = createWalletConnectPairingStore({
      connect: connector.connect,
      onApproved: () => approved++,
    })
    store.show()
    store.hide()
    store.show()
    expect(connector.attempts).toHaveLength(1)
    store.uriReceived(uri(1))
    expect(store.getState().uri).toBe(uri(1))
    connector.attempts[0]?.approve()
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getState()).toMatchObject({ status: 'approved', uri: undefined })
    expect(approved).toBe(1)
  })

  test('behavior: the shown URI is replaced when 10 s are left, and the replaced attempt ends quietly', async () => {
    const connector = scriptedConnector()
    const store = createWalletConnectPairingStore({ connect: connector.connect })
    store.show()
    store.uriReceived(uri(1))
    await vi.advanceTimersByTimeAsync(4 * 60_000 - 11_000)
    expect(store.getState().uri).toBe(uri(1))
    await vi.advanceTimersByTimeAsync(1_001)
    expect(store.getState()).toMatchObject({ status: 'pairing', uri: undefined, error: undefined })
    expect(connector.attempts).toHaveLength(2)
    store.uriReceived(uri(2))
    expect(store.getState().uri).toBe(uri(2))
  })

  test('behavior: a rejection asks for a fresh URI at once and keeps the rejection shown', async () => {
    const connector = scriptedConnector()
    const store = createWalletConnectPairingStore({ connect: connector.connect })
    store.show()
    store.uriReceived(uri(1))
    const declined = new UserRejectedRequestError(new Error('User rejected.'))
    connector.attempts[0]?.reject(declined)
    await vi.advanceTimersByTimeAsync(0)
    expect(connector.attempts).toHaveLength(2)
    store.uriReceived(uri(2))
    expect(store.getState()).toMatchObject({ uri: uri(2), rejection: declined })
  })

  test('behavior: a hidden pairing keeps no timer and asks nothing when its URI would expire', async () => {
    const connector = scriptedConnector()
    const store = createWalletConnectPairingStore({ connect: connector.connect })
    store.show()
    store.uriReceived(uri(1))
    store.hide()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(connector.attempts).toHaveLength(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  test('error: a connect that throws synchronously fails the pairing (no URI, no new request)', async () => {
    const store = createWalletConnectPairingStore({
      connect() {
        throw new Error('Relay unreachable')
      },
    })
    store.show()
    await vi.advanceTimersByTimeAsync(0)
    expect(store.getState()).toMatchObject({ status: 'failed', uri: undefined })
    expect(store.getState().error?.message).toBe('Relay unreachable')
  })
})
