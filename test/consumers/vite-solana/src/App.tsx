import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConnectButton, LatchkeyProvider, SolanaProvider } from 'latchkey/react'
import { createSolanaAdapter } from 'latchkey/solana'
import 'latchkey/styles.css'
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
// As the README's Solana section: a cluster of the app's own (here the local test validator).
const solana = createSolanaAdapter({
  clusters: [{ id: 'localnet', name: 'Solana Local', rpcUrl: import.meta.env.VITE_SOLANA_RPC_URL }],
})

export default function App() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={{ themeMode: 'dark', metadata: { name: 'My dapp' } }}>
          <SolanaProvider adapter={solana}>
            <ConnectButton />
          </SolanaProvider>
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
