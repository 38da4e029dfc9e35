import { type ReactNode, useEffect, useState } from 'react'
import { EmailLoginContext } from '../../context/EmailLoginContext'
import { SocialLoginContext } from '../../context/SocialLoginContext'
import { socialViewsChunk } from './lazySocial'
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
  // The social flow's code comes with the social chunk (its buttons or views load it): the
  // modal's first chunk does not carry it.
  const [socialChunk, setSocialChunk] = useState(socialViewsChunk.loaded)
  useEffect(
    () => (socialChunk ? undefined : socialViewsChunk.whenLoaded((value) => setSocialChunk(value))),
    [socialChunk],
  )
  const social = useSocialLoginFlow(wallet, socialChunk?.createSocialLoginFlow)
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
