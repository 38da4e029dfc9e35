import { createConfig, http } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

/** Same-origin RPC: the dev server and the e2e static server proxy `/rpc/{id}` to anvil. */
function rpcUrl(chainId: number): string {
  return new URL(`/rpc/${chainId}`, location.href).href
}

export const wagmiConfig = createConfig({
  chains: [mainnet, bsc],
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
