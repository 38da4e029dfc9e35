import { type ReactNode, useEffect } from 'react'
import { EmailLoginContext } from '../../context/EmailLoginContext'
import { SocialLoginContext } from '../../context/SocialLoginContext'
import { useEmailLoginFlow } from './useEmailLoginFlow'
import { useEmailLoginRouting } from './useEmailLoginRouting'
import { useEmbeddedToasts } from './useEmbeddedToasts'
import { useEmbeddedWallet } from './useEmbeddedWallet'
import { useSocialLoginFlow } from './useSocialLoginFlow'
import { useSocialLoginRouting } from './useSocialLoginRouting'

/**
 * The open modal's embedded wallet part: one email and one social login flow shared by their
 * views, the view changes they drive, and the frame's toasts. Renders its children as they are.
 */
export function EmbeddedWalletScope({ children }: { children: ReactNode }) {
  const wallet = useEmbeddedWallet()
  const flow = useEmailLoginFlow(wallet)
  useEmailLoginRouting(flow)
  const social = useSocialLoginFlow(wallet)
  useSocialLoginRouting(social)
  // a redirect-mode social login back on this page is finished here (once)
  useEffect(() => social?.resume(), [social])
  useEmbeddedToasts(wallet)
  return (
    <EmailLoginContext.Provider value={flow ?? null}>
      <SocialLoginContext.Provider value={social ?? null}>{children}</SocialLoginContext.Provider>
    </EmailLoginContext.Provider>
  )
}
