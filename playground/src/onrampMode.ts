import type { OnrampOption } from 'latchkey/react'

/**
 * The playground's `onramp` option (issue 15): `?onramp=<server URL>` (the e2e, screenshots),
 * else the dev server `npm run dev` hands Vite (`VITE_LATCHKEY_ONRAMP`, started with the
 * sandbox). None: no Buy.
 */
export function readOnrampOption(search: string): OnrampOption | undefined {
  const variables = (import.meta as { env?: Record<string, string | undefined> }).env
  const url = new URLSearchParams(search).get('onramp') || variables?.VITE_LATCHKEY_ONRAMP
  return url && /^https?:\/\//.test(url) ? { url } : undefined
}
