import { cookieStorage, createConfig, createStorage, http } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

export function getConfig() {
  return createConfig({
    chains: [mainnet, bsc],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: {
      [mainnet.id]: http(process.env.NEXT_PUBLIC_RPC_URL_1),
      [bsc.id]: http(process.env.NEXT_PUBLIC_RPC_URL_56),
    },
  })
}
