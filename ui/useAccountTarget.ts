import type { AccountDataParameters } from './useAccountDataClient'
import { useConnection } from './useConnection'

/** The account and chain a hook reads: the parameters', else the connected ones. */
export function useAccountTarget(parameters: AccountDataParameters): {
  address: string | undefined
  chainId: number | undefined
  enabled: boolean
} {
  const connection = useConnection()
  const address = parameters.address ?? connection.address
  const chainId = parameters.chainId ?? connection.chainId
  const enabled =
    (parameters.query?.enabled ?? true) && address !== undefined && chainId !== undefined
  return { address, chainId, enabled }
}
