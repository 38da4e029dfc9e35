// The Latchkey app with the walletConnect() connector in its wagmi config: WalletConnect's SDK
// must stay out of the first bundle (it loads when a visitor picks WalletConnect).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { walletConnect } from 'latchkey/connectors/walletConnect'
import { ConnectButton, LatchkeyProvider } from 'latchkey/react'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

const config = createConfig({
  chains: [mainnet, bsc],
  connectors: [walletConnect({ relayUrl: 'ws://127.0.0.1:1/' })],
  transports: { [mainnet.id]: http(), [bsc.id]: http() },
})
const queryClient = new QueryClient()

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={{ themeMode: 'dark', allWallets: 'hide' }}>
          <ConnectButton />
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>,
  )
}
