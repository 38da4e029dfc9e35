import { useMemo } from 'react'
import { useConfig } from 'wagmi'
import {
  createDirectoryClient,
  type DirectoryClient,
} from '../../../src/directory/createDirectoryClient'
import { useModalCore } from '../../context/useModalCore'

/** The host's directory and the filters every query of it carries. */
export interface DirectorySetup {
  client: DirectoryClient
  /** `includeWalletIds`. */
  include: readonly string[]
  /** `excludeWalletIds`. */
  exclude: readonly string[]
  /** `featuredWalletIds`. */
  featured: readonly string[]
  /** The app's chains as CAIP-2 ids: only wallets for them. */
  chains: readonly string[]
}

/**
 * The directory of the `directory` option, with the host's wallet ids and the wagmi config's
 * chains; undefined without the option (then nothing asks a directory anything).
 */
export function useDirectory(): DirectorySetup | undefined {
  const { options } = useModalCore()
  const { chains } = useConfig()
  const { directory, projectId, includeWalletIds, excludeWalletIds, featuredWalletIds } = options
  const url = directory?.url
  const chainIds = useMemo(() => chains.map((chain) => `eip155:${chain.id}`), [chains])
  return useMemo(
    () =>
      url === undefined
        ? undefined
        : {
            client: createDirectoryClient({ url, projectId }),
            include: includeWalletIds,
            exclude: excludeWalletIds,
            featured: featuredWalletIds,
            chains: chainIds,
          },
    [url, projectId, includeWalletIds, excludeWalletIds, featuredWalletIds, chainIds],
  )
}
