import type { SocialLoginOptions } from 'latchkey/connectors'
import { readUrlSetting } from './readUrlSetting'

/**
 * Email login in the playground. The frame URL comes at run time: `?frame=<url>` (the e2e), else
 * the one `npm run dev` hands Vite in `VITE_LATCHKEY_FRAME_URL` (its own Latchkey server). With a
 * frame URL the email field shows, unless `?email=0`: the integration itself turns email off.
 */
export function readFrameUrl(search: string): string | undefined {
  return readUrlSetting(search, 'frame', 'VITE_LATCHKEY_FRAME_URL')
}

/**
 * Social login buttons (`?socials=1`, the e2e and screenshots): the default providers that the
 * frame's server has configured. Off otherwise: the integration itself turns social login off.
 */
export function readSocialsEnabled(search: string): boolean {
  return readFrameUrl(search) !== undefined && new URLSearchParams(search).get('socials') === '1'
}

/** Whether the Connect view shows the email field (a frame URL, and no `?email=0`). */
export function readEmailEnabled(search: string): boolean {
  return readFrameUrl(search) !== undefined && new URLSearchParams(search).get('email') !== '0'
}

/**
 * Social login's way (`?socialMode=redirect`, default popup) and return page
 * (`?socialReturn=/`): the e2e's redirect and strict-COOP popup logins. main.tsx calls
 * `handleSocialReturn()` first, so any page of the playground is a return page.
 */
export function readSocialOptions(search: string): SocialLoginOptions | undefined {
  const params = new URLSearchParams(search)
  const mode = params.get('socialMode') === 'redirect' ? 'redirect' : undefined
  const returnPath = params.get('socialReturn') ?? undefined
  return mode || returnPath ? { mode, returnPath } : undefined
}
