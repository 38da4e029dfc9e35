import { useMemo } from 'react'
import type { Connector } from 'wagmi'
import { useConnectors } from 'wagmi'
import type { EmbeddedWalletApi } from '../../connectors/embeddedWallet/embeddedWalletTypes'

/** The embedded wallet connector of the wagmi config, with its UI methods. */
export interface EmbeddedWallet {
  connector: Connector
  api: EmbeddedWalletApi
}

// The connector's `type` and its `embedded` API (see `getEmbeddedWalletApi`), checked here so
// the modal chunk does not import the connector module itself.
function toEmbeddedWallet(connector: Connector): EmbeddedWallet | undefined {
  const api = (connector as { embedded?: unknown }).embedded
  if (connector.type !== 'embeddedWallet' || typeof api !== 'object' || api === null) return
  return { connector, api: api as EmbeddedWalletApi }
}

/** The first `embeddedWallet()` connector of the wagmi config, or undefined when there is none. */
export function useEmbeddedWallet(): EmbeddedWallet | undefined {
  const connectors = useConnectors()
  return useMemo(() => {
    for (const connector of connectors) {
      const wallet = toEmbeddedWallet(connector)
      if (wallet) return wallet
    }
    return undefined
  }, [connectors])
}
