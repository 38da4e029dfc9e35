import type { SwapOption } from 'latchkey/react'

/**
 * The playground's `swap` option (issue 15): `?swap=<JSON>` (the e2e, screenshots), else the one
 * `npm run dev` hands Vite (`VITE_LATCHKEY_SWAP`: the swap lab behind the dev server). None: no
 * Swap. Not checked here: `LatchkeyProvider` validates it with the other options.
 */
export function readSwapOption(search: string): SwapOption | undefined {
  const variables = (import.meta as { env?: Record<string, string | undefined> }).env
  const text = new URLSearchParams(search).get('swap') || variables?.VITE_LATCHKEY_SWAP
  if (!text) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' ? (value as SwapOption) : undefined
  } catch {
    return undefined
  }
}
