import type { AccountDataUnavailableError } from '../../src/errors/AccountDataUnavailableError'
import type { Nft } from '../../src/schemas/accountData'
import type { AccountDataParameters } from '../useAccountDataClient'
import { type AccountQueryResult, useAccountQuery } from '../useAccountQuery'

/** Parameters of {@link useNfts}. */
export type UseNftsParameters = AccountDataParameters

/** What {@link useNfts} gives as `data`. */
export interface NftsData {
  /** False without a data server: NFTs cannot be listed from the chain alone. */
  supported: boolean
  /** Spam and malformed entries already dropped; images only https or data:image. */
  nfts: Nft[]
}

/** What {@link useNfts} returns: the fields of a TanStack Query result wagmi's hooks use. */
export type UseNftsReturnType = AccountQueryResult<NftsData, AccountDataUnavailableError>

/**
 * The ERC-721 tokens the account holds, with their metadata, from the data server (cached 30 s);
 * with no `url`, the provider's `chainData.url`.
 * @example const { data } = useNfts({ url: 'https://wallet.example' })
 */
export function useNfts(parameters: UseNftsParameters = {}): UseNftsReturnType {
  return useAccountQuery('nfts', parameters, (client, query) => client.getNfts(query))
}
