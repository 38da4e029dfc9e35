'use client'

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { LatchkeyProvider } from 'latchkey/react'
import { type ReactNode, useState } from 'react'
import { type State, WagmiProvider } from 'wagmi'
import { getConfig } from './wagmi'

export function Providers({
  children,
  initialState,
}: {
  children: ReactNode
  initialState: State | undefined
}) {
  const [config] = useState(() => getConfig())
  const [queryClient] = useState(() => new QueryClient())
  return (
    <WagmiProvider config={config} initialState={initialState}>
      <QueryClientProvider client={queryClient}>
        <LatchkeyProvider options={{ themeMode: 'dark', metadata: { name: 'My dapp' } }}>
          {children}
        </LatchkeyProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}
