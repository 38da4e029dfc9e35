import {
  type UseWalletDirectoryParameters,
  type UseWalletDirectoryReturnType,
  useWalletDirectory as useModalWalletDirectory,
} from '../hooks/useWalletDirectory'

/**
 * The host's wallet directory, page by page or searched.
 * @example const { data, fetchNextPage } = useWalletDirectory({ search: 'rain' })
 */
export function useWalletDirectory(
  parameters?: UseWalletDirectoryParameters,
): UseWalletDirectoryReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalWalletDirectory(parameters)
}
