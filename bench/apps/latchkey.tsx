// The baseline app plus Latchkey's provider and button (the modal loads on first open).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConnectButton, LatchkeyProvider } from 'latchkey/react'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

const config = createConfig({
  chains: [mainnet, bsc],
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
