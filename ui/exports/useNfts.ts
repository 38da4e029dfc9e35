import {
  type UseNftsParameters,
  type UseNftsReturnType,
  useNfts as useModalNfts,
} from '../hooks/useNfts'

/**
 * The NFTs the connected account holds, from the data server.
 * @example const { data } = useNfts({ url: 'https://wallet.example' })
 */
export function useNfts(parameters?: UseNftsParameters): UseNftsReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalNfts(parameters)
}
