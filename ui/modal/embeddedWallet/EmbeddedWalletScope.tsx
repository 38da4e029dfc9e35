import type { ReactNode } from 'react'
import { EmailLoginContext } from '../../context/EmailLoginContext'
import { useEmailLoginFlow } from './useEmailLoginFlow'
import { useEmailLoginRouting } from './useEmailLoginRouting'
import { useEmbeddedToasts } from './useEmbeddedToasts'
import { useEmbeddedWallet } from './useEmbeddedWallet'

/**
 * The open modal's embedded wallet part: one email login flow shared by every email view, the
 * view changes it drives, and the frame's toasts. Renders its children as they are.
 */
export function EmbeddedWalletScope({ children }: { children: ReactNode }) {
  const wallet = useEmbeddedWallet()
  const flow = useEmailLoginFlow(wallet)
  useEmailLoginRouting(flow)
  useEmbeddedToasts(wallet)
  return <EmailLoginContext.Provider value={flow ?? null}>{children}</EmailLoginContext.Provider>
}
