import { cookieStorage, createConfig, createStorage, http } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

// One config per request on the server, one per page on the client (wagmi's SSR pattern): the
// connection lives in a cookie, so the server renders what the browser will render first.
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
