import { useMemo } from 'react'
import { useConfig } from 'wagmi'
import {
  createDirectoryClient,
  type DirectoryClient,
} from '../../../src/directory/createDirectoryClient'
import type { ResolvedOptions } from '../../../src/schemas/options'
import { useModalParts } from '../../context/useModalParts'

/** The host's directory and the filters every query of it carries. */
export interface DirectorySetup {
  client: DirectoryClient
  /** `includeWalletIds` the directory can hold. */
  include: readonly string[]
  /** `excludeWalletIds` the directory can hold. */
  exclude: readonly string[]
  /** `featuredWalletIds` the directory can hold. */
  featured: readonly string[]
  /** Every `excludeWalletIds` entry: directory wallets with such an id or rdns are not shown. */
  hidden: ReadonlySet<string>
  /** The app's chains as CAIP-2 ids: only wallets for them. */
  chains: readonly string[]
}

// Directory ids are letters, digits, `_` and `-` (`latchkey serve` refuses a query with others).
// The host's lists may also name installed wallets by reverse domain name (`io.metamask`), which
// the app's own list matches: those stay out of the queries.
const directoryId = /^[A-Za-z0-9][\w-]{0,127}$/
const plain = (ids: readonly string[]) => ids.filter((id) => directoryId.test(id))
const none: readonly string[] = []

/**
 * The directory of the `directory` option, with the host's wallet ids and the wagmi config's
 * chains; undefined without the option (then nothing asks a directory anything), and when the
 * host's `includeWalletIds` names no wallet a directory could hold.
 */
export function useDirectory(): DirectorySetup | undefined {
  return useDirectorySetup(useModalParts().options)
}

/**
 * {@link useDirectory} for validated options that may not be there yet (the public
 * `useWalletDirectory` before the modal chunk loaded): undefined until they are.
 */
export function useDirectorySetup(
  options: ResolvedOptions | undefined,
): DirectorySetup | undefined {
  const { chains } = useConfig()
  const url = options?.directory?.url
  const projectId = options?.projectId
  const includeWalletIds = options?.includeWalletIds ?? none
  const excludeWalletIds = options?.excludeWalletIds ?? none
  const featuredWalletIds = options?.featuredWalletIds ?? none
  const chainIds = useMemo(() => chains.map((chain) => `eip155:${chain.id}`), [chains])
  return useMemo(() => {
    const include = plain(includeWalletIds)
    if (url === undefined || (includeWalletIds.length > 0 && include.length === 0)) return undefined
    return {
      client: createDirectoryClient({ url, projectId }),
      include,
      exclude: plain(excludeWalletIds),
      featured: plain(featuredWalletIds),
      hidden: new Set(excludeWalletIds),
      chains: chainIds,
    }
  }, [url, projectId, includeWalletIds, excludeWalletIds, featuredWalletIds, chainIds])
}
