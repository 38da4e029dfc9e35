import { embeddedWallet } from 'latchkey/connectors'
import { walletConnect } from 'latchkey/connectors/walletConnect'
import { type CreateConnectorFn, createConfig, http } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'
import { readFrameUrl, readSocialOptions } from './embeddedMode'
import { resilientStorage } from './resilientStorage'

/** Same-origin RPC: the dev server and the e2e static server proxy `/rpc/{id}` to anvil. */
function rpcUrl(chainId: number): string {
  return new URL(`/rpc/${chainId}`, location.href).href
}

/**
 * The loopback relay, through the page's own origin: the dev server and the e2e static server
 * proxy the `/relay` WebSocket to it, so the built playground needs no relay URL baked in.
 * `?relay=ws://…` points it elsewhere (e2e: a relay that cannot be reached).
 */
function relayUrl(): string {
  const chosen = new URLSearchParams(location.search).get('relay')
  if (chosen) return chosen
  const url = new URL('/relay', location.href)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  return url.href
}

// Typed as a plain list: the `Register` below must not narrow every config to this one tuple.
const connectors: CreateConnectorFn[] = [
  walletConnect({
    relayUrl: relayUrl(),
    // `?relayTimeoutMs=…` (e2e): how long a pairing waits for the relay.
    relayTimeoutMs: Number(new URLSearchParams(location.search).get('relayTimeoutMs')) || undefined,
    // `?requestTimeoutMs=…` (e2e): how long a request waits for the wallet's answer.
    requestTimeoutMs:
      Number(new URLSearchParams(location.search).get('requestTimeoutMs')) || undefined,
    rpcMap: { [mainnet.id]: rpcUrl(mainnet.id), [bsc.id]: rpcUrl(bsc.id) },
    metadata: {
      name: 'Latchkey Playground',
      description: 'Latchkey against local anvil nodes and a loopback relay.',
      url: location.origin,
      icons: [],
    },
  }),
]

// Email login: the Latchkey server's frame, on another site than the playground (see embeddedMode.ts).
const frameUrl = readFrameUrl(location.search)
if (frameUrl)
  connectors.push(
    embeddedWallet({
      frameUrl,
      projectId: 'playground',
      social: readSocialOptions(location.search),
    }),
  )

export const wagmiConfig = createConfig({
  chains: [mainnet, bsc],
  connectors,
  storage: resilientStorage(),
  transports: {
    [mainnet.id]: http(rpcUrl(mainnet.id)),
    [bsc.id]: http(rpcUrl(bsc.id)),
  },
})

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig
  }
}
