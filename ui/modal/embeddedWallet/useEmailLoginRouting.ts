import { useEffect } from 'react'
import type { EmailLoginFlow } from '../../../src/embeddedWallet/createEmailLoginFlow'
import { getCurrentRoute, type ViewName } from '../../../src/machines/router'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { useModalParts } from '../../context/useModalParts'
import { t } from '../../locales/t'

// Views from which a finished login goes on to Account (anything else, e.g. the sign-in prompt
// that opens on connect, is left alone).
const loginViews: ReadonlySet<ViewName> = new Set([
  'Connect',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
])

/** Moves the modal along with the email login and email change flow (SPEC §4). */
export function useEmailLoginRouting(flow: EmailLoginFlow | undefined) {
  const { router } = useLatchkeyContext()
  const { toast } = useModalParts()

  useEffect(() => {
    if (!flow) return
    return flow.subscribe((state, previous) => {
      if (state.status === previous.status) return
      const from = previous.status
      switch (state.status) {
        case 'verifyDevice':
          return router.push('EmailVerifyDevice')
        case 'verifyOtp':
          if (from === 'verifyDevice') return router.replace('EmailVerifyOtp')
          if (from === 'submittingEmail') return router.push('EmailVerifyOtp')
          return
        case 'connected':
          if (loginViews.has(getCurrentRoute(router.getState()).view)) router.reset('Account')
          return
        case 'verifyPrimaryOtp':
          return router.push('UpdateEmailPrimaryOtp')
        case 'verifySecondaryOtp':
          if (from === 'submittingPrimaryOtp') return router.replace('UpdateEmailSecondaryOtp')
          if (from === 'submittingNewEmail') return router.push('UpdateEmailSecondaryOtp')
          return
        case 'emailUpdated':
          router.reset('Account')
          toast.show('success', t('email.updated'))
          return
        default:
          return
      }
    })
  }, [flow, router, toast])
}
