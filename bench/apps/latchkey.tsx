// The baseline app plus Latchkey's provider, button and connectors' shells (DESIGN.md budget line);
// the modal, the WalletConnect SDK and the frame client load later.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { embeddedWallet } from 'latchkey/connectors'
import { walletConnect } from 'latchkey/connectors/walletConnect'
import { ConnectButton, LatchkeyProvider } from 'latchkey/react'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

const config = createConfig({
  chains: [mainnet, bsc],
  connectors: [
    // a wallet server on loopback that is not running: the load bench contacts nothing outside
    // (the Connect view asks its social providers over HTTP)
    embeddedWallet({ frameUrl: 'http://127.0.0.1:9/frame' }),
    walletConnect({ relayUrl: 'wss://relay.example' }),
  ],
  transports: { [mainnet.id]: http(), [bsc.id]: http() },
})
const queryClient = new QueryClient()

function App() {
  return <ConnectButton />
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={{ themeMode: 'dark', allWallets: 'hide' }}>
          <App />
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>,
  )
}
