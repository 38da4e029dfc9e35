import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, test } from 'vitest'
import { createSolanaAdapter } from '../../connectors/solana/createSolanaAdapter'
import { SolanaProvider } from './SolanaProvider'
import { useSolanaAccount } from './useSolanaAccount'
import { useSolanaCluster } from './useSolanaCluster'

function wrapper(adapter: ReturnType<typeof createSolanaAdapter>) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>
      <SolanaProvider adapter={adapter} reconnectOnMount={false}>
        {children}
      </SolanaProvider>
    </QueryClientProvider>
  )
}

describe('useSolanaCluster', () => {
  test('default: the first cluster; a switch re-renders every hook reading the account', () => {
    const adapter = createSolanaAdapter({ clusters: ['devnet', 'mainnet'], storage: null })
    const { result } = renderHook(
      () => ({ cluster: useSolanaCluster(), account: useSolanaAccount() }),
      { wrapper: wrapper(adapter) },
    )
    expect(result.current.cluster.cluster.id).toBe('devnet')
    expect(result.current.cluster.clusters.map(({ id }) => id)).toEqual(['devnet', 'mainnet'])
    act(() => void result.current.cluster.switchCluster({ cluster: 'mainnet' }))
    expect(result.current.cluster.cluster.name).toBe('Solana')
    expect(result.current.account).toMatchObject({
      status: 'disconnected',
      isDisconnected: true,
      cluster: { id: 'mainnet', chain: 'solana:mainnet' },
    })
    expect(() => result.current.cluster.switchCluster({ cluster: 'testnet' })).toThrow(
      'Solana cluster "testnet" is invalid: it is not in clusters.',
    )
  })

  test('behavior: outside <SolanaProvider> a hook names what is missing', () => {
    expect(() => renderHook(() => useSolanaAccount())).toThrow(
      'Solana hooks must be used inside <SolanaProvider adapter={…}>.',
    )
  })

  test('parameters: adapter, without a provider', () => {
    const adapter = createSolanaAdapter({ clusters: ['testnet'], storage: null })
    const { result } = renderHook(() => useSolanaAccount({ adapter }))
    expect(result.current.cluster.id).toBe('testnet')
  })
})
