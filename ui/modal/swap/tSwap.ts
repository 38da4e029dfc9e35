import swapMessages from '../../locales/en.swap.json' with { type: 'json' }
import { fill } from '../../locales/fill'
import type { LocaleVars } from '../../locales/types'

/** A string of the swap views (`en.swap.json`, in the swap chunk, not the modal's first open). */
export type SwapLocaleKey = keyof typeof swapMessages

/** Looks up a swap view's string and fills its `{placeholders}`, as `t` does. */
export function tSwap(key: SwapLocaleKey, vars?: LocaleVars): string {
  return fill(swapMessages[key] ?? key, vars)
}
