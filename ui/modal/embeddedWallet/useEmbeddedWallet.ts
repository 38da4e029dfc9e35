import { useMemo } from 'react'
import type { Connector } from 'wagmi'
import { useConnectors } from 'wagmi'
import type { EmbeddedWalletApi } from '../../../connectors/embeddedWallet/embeddedWalletTypes'

/** The embedded wallet connector of the wagmi config, with its UI methods. */
export interface EmbeddedWallet {
  connector: Connector
  api: EmbeddedWalletApi
}

// The connector's `type` and its `embedded` API (see `getEmbeddedWalletApi`), checked here so
// the modal chunk does not import the connector module itself.
function getApi(connector: Connector): EmbeddedWalletApi | undefined {
  const api = (connector as { embedded?: unknown }).embedded
  if (connector.type !== 'embeddedWallet' || typeof api !== 'object' || api === null) return
  return api as EmbeddedWalletApi
}

/** The first `embeddedWallet()` connector of the wagmi config, or undefined when there is none. */
export function useEmbeddedWallet(): EmbeddedWallet | undefined {
  const connectors = useConnectors()
  const connector = connectors.find((candidate) => getApi(candidate) !== undefined)
  // Stable while the connector is: the connector list changes as wallets announce themselves
  // (and the API is read once per connector, whatever object its getter hands out).
  return useMemo(() => {
    const api = connector && getApi(connector)
    return connector && api ? { connector, api } : undefined
  }, [connector])
}
