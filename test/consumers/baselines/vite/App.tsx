// The bench's "without Latchkey" twin of the Vite fixtures' `src/App.tsx`: the same wagmi config,
// QueryClient and providers, a plain button instead of Latchkey's provider, button and styles.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { bsc, mainnet } from 'wagmi/chains'

const config = createConfig({
  chains: [mainnet, bsc],
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
        <button type="button">Connect Wallet</button>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
