'use client'

import { SolanaProvider } from 'latchkey/react'
import { createSolanaAdapter } from 'latchkey/solana'
import { type ReactNode, useState } from 'react'

/** `latchkey/solana` as the README shows it, inside the layout's <LatchkeyProvider>. */
export function SolanaPart({ children }: { children: ReactNode }) {
  const [adapter] = useState(() =>
    createSolanaAdapter({
      clusters: [
        {
          id: 'localnet',
          name: 'Solana Local',
          rpcUrl: process.env.NEXT_PUBLIC_SOLANA_RPC_URL ?? 'http://127.0.0.1:8899',
        },
      ],
    }),
  )
  return <SolanaProvider adapter={adapter}>{children}</SolanaProvider>
}
