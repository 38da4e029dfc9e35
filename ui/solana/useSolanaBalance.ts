import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { formatUnits } from 'viem'
import type { CommitmentInput } from '../../src/solana/commitment'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { solanaBalanceKey } from './solanaQueryKeys'
import { useSolanaAccount } from './useSolanaAccount'

/** Parameters of {@link useSolanaBalance}. */
export interface UseSolanaBalanceParameters extends SolanaHookParameters {
  /** @default the connected account */
  address?: string | undefined
  /** @default the adapter's `commitment` */
  commitment?: CommitmentInput | undefined
  /** @default true */
  enabled?: boolean | undefined
}

/** A balance in SOL, shaped like wagmi's `useBalance` data. */
export interface SolanaBalance {
  /** Lamports. */
  value: bigint
  decimals: 9
  symbol: 'SOL'
  /** `value` in SOL, e.g. `1.5`. */
  formatted: string
}

/** What {@link useSolanaBalance} returns: a TanStack Query result, as wagmi's hooks do. */
export type UseSolanaBalanceReturnType = UseQueryResult<SolanaBalance, Error>

/**
 * The SOL balance of an address (the connected account by default) on the current cluster, read
 * from its RPC; read again when the account or cluster changes and after a send.
 * @example const { data } = useSolanaBalance() // data?.formatted → '1.5'
 */
export function useSolanaBalance(
  parameters: UseSolanaBalanceParameters = {},
): UseSolanaBalanceReturnType {
  const adapter = useSolanaAdapter(parameters)
  const account = useSolanaAccount({ adapter })
  const address = parameters.address ?? account.address
  const { commitment, enabled = true } = parameters
  return useQuery({
    queryKey: [
      ...solanaBalanceKey,
      account.cluster.id,
      account.cluster.rpcUrl,
      address ?? '',
      commitment ?? '',
    ],
    async queryFn(): Promise<SolanaBalance> {
      const value = await adapter.getBalance({ address, commitment })
      return { value, decimals: 9, symbol: 'SOL', formatted: formatUnits(value, 9) }
    },
    enabled: enabled && address !== undefined,
  })
}
