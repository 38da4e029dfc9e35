import { useSyncExternalStore } from 'react'
import type { SolanaAccountStatus } from '../../src/machines/solanaAccount'
import type { SolanaCluster } from '../../src/solana/solanaClusters'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'

/** What {@link useSolanaAccount} returns: wagmi's `useAccount` fields for the Solana namespace. */
export interface UseSolanaAccountReturnType {
  status: SolanaAccountStatus
  /** The active account (base58), when connected. */
  address: string | undefined
  addresses: readonly string[]
  /** The connected (or connecting) wallet's name. */
  wallet: string | undefined
  cluster: SolanaCluster
  /** Why the visitor's last connect failed. */
  error: Error | undefined
  isConnected: boolean
  isConnecting: boolean
  isReconnecting: boolean
  isDisconnected: boolean
}

/**
 * The Solana account: status, address, wallet and cluster, re-rendering on every change.
 * @example const { address, isConnected } = useSolanaAccount()
 */
export function useSolanaAccount(
  parameters: SolanaHookParameters = {},
): UseSolanaAccountReturnType {
  const adapter = useSolanaAdapter(parameters)
  const state = useSyncExternalStore(adapter.subscribe, adapter.getState, adapter.getState)
  const cluster = adapter.clusters.find(({ id }) => id === state.cluster) ?? adapter.getCluster()
  return {
    status: state.status,
    address: state.address,
    addresses: state.addresses,
    wallet: state.wallet,
    cluster,
    error: state.error,
    isConnected: state.status === 'connected',
    isConnecting: state.status === 'connecting',
    isReconnecting: state.status === 'reconnecting',
    isDisconnected: state.status === 'disconnected',
  }
}
