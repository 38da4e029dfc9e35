import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useCallback, useRef } from 'react'
import type { AccountDataUnavailableError } from '../../src/errors/AccountDataUnavailableError'
import type { Nft } from '../../src/schemas/accountData'
import { type AccountDataParameters, useAccountDataClient } from '../useAccountDataClient'
import { useAccountTarget } from '../useAccountTarget'

/** Parameters of {@link useNfts}. */
export type UseNftsParameters = AccountDataParameters

/** What {@link useNfts} gives as `data`. */
export interface NftsData {
  /** False without a data server: NFTs cannot be listed from the chain alone. */
  supported: boolean
  /** Spam and malformed entries already dropped; images only https or data:image. */
  nfts: Nft[]
}

/** What {@link useNfts} returns: TanStack Query's result, as wagmi's hooks do. */
export type UseNftsReturnType = UseQueryResult<NftsData, AccountDataUnavailableError>

/**
 * The ERC-721 tokens the account holds, with their metadata, from the data server (cached 30 s).
 * @example const { data } = useNfts({ url: 'https://wallet.example' })
 */
export function useNfts(parameters: UseNftsParameters = {}): UseNftsReturnType {
  const client = useAccountDataClient(parameters)
  const { address, chainId, enabled } = useAccountTarget(parameters)
  const fresh = useRef(false)
  const result = useQuery<NftsData, AccountDataUnavailableError>({
    queryKey: [
      'latchkey',
      'nfts',
      { address: address?.toLowerCase(), chainId, url: parameters.url ?? null },
    ],
    queryFn: () => {
      const skipCache = fresh.current
      fresh.current = false
      return client.getNfts({
        address: address as string,
        chainId: chainId as number,
        fresh: skipCache,
      })
    },
    enabled,
    retry: false,
  })
  const { refetch: refetchQuery } = result
  const refetch = useCallback<UseNftsReturnType['refetch']>(
    (options) => {
      fresh.current = true
      return refetchQuery(options)
    },
    [refetchQuery],
  )
  return { ...result, refetch } as UseNftsReturnType
}
