import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { LatchkeyProvider, SolanaProvider } from 'latchkey/react'
import { useState } from 'react'
import { WagmiProvider } from 'wagmi'
import { EmbeddedWalletPanel } from './components/EmbeddedWalletPanel'
import { Header } from './components/Header'
import { IntegrationPanel } from './components/IntegrationPanel'
import { SiwxPanel } from './components/SiwxPanel'
import { StatusPanel } from './components/StatusPanel'
import { TestWalletBanner } from './components/TestWalletBanner'
import { TestWalletPanel } from './components/TestWalletPanel'
import { useEventLog } from './hooks/useEventLog'
import { useExposePlayground } from './hooks/useExposePlayground'
import { createLatchkeyOptions, readThemeMode, readWalletCount } from './latchkeyOptions'
import { readSiwxMode, type SiwxMode } from './siwxMode'
import {
  createPlaygroundSolana,
  readSecondSolanaRpc,
  readSolanaRpc,
  readSolanaTestWallet,
} from './solanaMode'
import { wagmiConfig } from './wagmiConfig'

function Page({ walletCount, siwxMode }: { walletCount: number; siwxMode: SiwxMode }) {
  const log = useEventLog()
  useExposePlayground(walletCount)
  return (
    <div className="pg-app">
      <Header walletCount={walletCount} />
      <main className="pg-main">
        <div className="pg-intro">
          <h1>Connect a wallet</h1>
          <p>
            Ethereum and BNB Smart Chain on local anvil nodes. Social login, swaps, on-ramp, history
            and analytics are off, as in the integration; email login is on when a Latchkey server
            runs (see the Email login panel).
          </p>
          <TestWalletBanner />
        </div>
        <div className="pg-grid">
          <IntegrationPanel log={log} />
          <StatusPanel />
          <EmbeddedWalletPanel log={log} />
          <SiwxPanel mode={siwxMode} />
          <TestWalletPanel />
        </div>
      </main>
    </div>
  )
}

export function App() {
  const [queryClient] = useState(() => new QueryClient())
  const [walletCount] = useState(() => readWalletCount(location.search))
  const [themeMode] = useState(() => readThemeMode(location.search))
  const [siwxMode] = useState(() => readSiwxMode(location.search))
  const [options] = useState(() => createLatchkeyOptions(walletCount, themeMode, siwxMode))
  const [solana] = useState(() => {
    const rpcUrl = readSolanaRpc(location.search)
    return rpcUrl
      ? createPlaygroundSolana(
          rpcUrl,
          readSecondSolanaRpc(location.search),
          readSolanaTestWallet(location.search),
        )
      : undefined
  })
  document.documentElement.dataset.pgTheme = themeMode
  const page = <Page walletCount={walletCount} siwxMode={siwxMode} />
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={options}>
          {solana ? <SolanaProvider adapter={solana}>{page}</SolanaProvider> : page}
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
