// A React 19 + wagmi 3 + viem + TanStack Query app without a modal: the bundle-cost baseline.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

const config = createConfig({
  chains: [mainnet, bsc],
  transports: { [mainnet.id]: http(), [bsc.id]: http() },
})
const queryClient = new QueryClient()

function App() {
  return <button type="button">Connect Wallet</button>
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </WagmiProvider>,
  )
}
