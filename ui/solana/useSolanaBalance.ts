import { formatUnits } from 'viem'
import type { CommitmentInput } from '../../src/solana/commitment'
import { type SolanaHookParameters, useSolanaAdapter } from './SolanaContext'
import { solanaBalanceKey } from './solanaQueryKeys'
import { useSolanaAccount } from './useSolanaAccount'
import { type SolanaQueryResult, useSolanaQuery } from './useSolanaQuery'

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

/** What {@link useSolanaBalance} returns: the fields of a TanStack Query result that wagmi's hooks use. */
export type UseSolanaBalanceReturnType = SolanaQueryResult<SolanaBalance>

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
  return useSolanaQuery(
    [
      ...solanaBalanceKey,
      account.cluster.id,
      account.cluster.rpcUrl,
      address ?? '',
      commitment ?? '',
    ],
    enabled && address !== undefined,
    async (): Promise<SolanaBalance> => {
      const value = await adapter.getBalance({ address, commitment })
      return { value, decimals: 9, symbol: 'SOL', formatted: formatUnits(value, 9) }
    },
  )
}
