import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { walletConnect } from 'latchkey/connectors/walletConnect'
import { ConnectButton, LatchkeyProvider } from 'latchkey/react'
import 'latchkey/styles.css'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

const config = createConfig({
  chains: [mainnet, bsc],
  connectors: [
    walletConnect({
      relayUrl: import.meta.env.VITE_RELAY_URL,
      metadata: {
        name: 'My dapp',
        description: 'A Vite app with WalletConnect',
        url: location.origin,
        icons: [],
      },
    }),
  ],
  transports: {
    [mainnet.id]: http(import.meta.env.VITE_RPC_URL_1),
    [bsc.id]: http(import.meta.env.VITE_RPC_URL_56),
  },
})
const queryClient = new QueryClient()

export default function App() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={{ themeMode: 'dark', metadata: { name: 'My dapp' } }}>
          <ConnectButton />
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
