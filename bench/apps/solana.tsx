// The Latchkey bench app plus Solana, configured as the README's Solana section says: an adapter
// from `latchkey/solana` and `<SolanaProvider>` inside `<LatchkeyProvider>`. Issue 13's budget:
// the first bundle grows by at most 5 KB gzip over bench/apps/latchkey.tsx; the adapter's session,
// `@wallet-standard/app` and the modal's Solana views load on first need. The cluster's RPC is on
// loopback (a production app gives its own): the bench drives this app in Chromium too.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { embeddedWallet } from 'latchkey/connectors'
import { walletConnect } from 'latchkey/connectors/walletConnect'
import { ConnectButton, LatchkeyProvider, SolanaProvider } from 'latchkey/react'
import { createSolanaAdapter } from 'latchkey/solana'
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
const solana = createSolanaAdapter({
  clusters: [{ id: 'mainnet', rpcUrl: 'http://127.0.0.1:1/' }, 'devnet'],
})

function App() {
  return <ConnectButton />
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={{ themeMode: 'dark', allWallets: 'hide' }}>
          <SolanaProvider adapter={solana}>
            <App />
          </SolanaProvider>
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>,
  )
}
