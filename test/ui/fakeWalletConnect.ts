import { UserRejectedRequestError } from 'viem'
import { createConnector } from 'wagmi'
import { WalletConnectPairingReplacedError } from '../../src/errors/WalletConnectPairingReplacedError'
import type { WalletFault } from '../harness/walletFaults'
import { faultError } from '../harness/walletRpcError'
import { fakeAccount } from './fakeWallet'

/** A pairing URI that parses (topic and key from the attempt number). */
export function fakeWcUri(n: number): string {
  const hex = n.toString(16).padStart(64, '0')
  return `wc:${hex}@2?relay-protocol=irn&symKey=${hex}&expiryTimestamp=4000000000`
}

interface Attempt {
  uri: string
  approve(): void
  /**
   * The wallet answers the proposal with a fault of the test wallets' vocabulary: `reject` ends
   * the attempt with viem's `UserRejectedRequestError` (as the connector does), the other error
   * faults with their `WalletRpcError`, `hang` never.
   */
  fault(fault: WalletFault): void
  /** Ends the attempt with `error`, as the connector does when it cannot start (a missing package, a relay down). */
  fail(error: Error): void
}

/**
 * A scripted stand-in for `walletConnect()` in UI tests (no relay in happy-dom): each `connect`
 * emits `display_uri` with a new URI when `emitUri()` says so (at once by default), a newer
 * attempt ends the older one with `WalletConnectPairingReplacedError`, and the test approves the
 * newest attempt or answers it with a fault (`attempts[0].fault('reject')`).
 */
export function createFakeWalletConnect({ holdUris = false } = {}) {
  const attempts: Attempt[] = []
  const heldUris: (() => void)[] = []
  let supersede: ((error: Error) => void) | undefined
  let connected = false
  const connector = createConnector((config) => ({
    id: 'walletConnect',
    name: 'WalletConnect',
    type: 'walletConnect',
    async setup() {},
    async connect() {
      supersede?.(new WalletConnectPairingReplacedError())
      const uri = fakeWcUri(attempts.length + 1)
      const emit = () => config.emitter.emit('message', { type: 'display_uri', data: uri })
      const settled = new Promise<void>((resolve, reject) => {
        supersede = reject
        attempts.push({
          uri,
          approve: resolve,
          fault: (fault) => {
            if (fault === 'hang') return
            const error = faultError(fault, 'wc_sessionPropose')
            if (!error) throw new TypeError(`A pairing has no '${fault}' fault.`)
            reject(fault === 'reject' ? new UserRejectedRequestError(error) : error)
          },
          fail: reject,
        })
      })
      if (holdUris) heldUris.push(emit)
      else queueMicrotask(emit)
      await settled
      connected = true
      return { accounts: [fakeAccount] as never, chainId: 1 }
    },
    async disconnect() {
      connected = false
    },
    async getAccounts() {
      return connected ? [fakeAccount] : []
    },
    async getChainId() {
      return 1
    },
    async getProvider() {
      return undefined
    },
    async isAuthorized() {
      return false
    },
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {
      connected = false
      config.emitter.emit('disconnect')
    },
  }))
  return {
    connector,
    attempts,
    /** Emits the held URIs (with `holdUris`). */
    releaseUris() {
      for (const emit of heldUris.splice(0)) emit()
    },
  }
}
