import { useEffect } from 'react'
import type { SocialLoginFlow } from '../../../src/embeddedWallet/createSocialLoginFlow'
import { getCurrentRoute } from '../../../src/machines/router'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'

/**
 * A finished social login goes on to Account, as an email login does, when the modal still shows
 * the login (the sign-in prompt that opens on connect is left alone).
 */
export function useSocialLoginRouting(flow: SocialLoginFlow | undefined) {
  const { router } = useLatchkeyContext()
  useEffect(() => {
    if (!flow) return
    return flow.subscribe((state, previous) => {
      if (state.status !== 'connected' || previous.status === 'connected') return
      const { view } = getCurrentRoute(router.getState())
      if (view === 'ConnectingSocial' || view === 'Connect') router.reset('Account')
    })
  }, [flow, router])
}
