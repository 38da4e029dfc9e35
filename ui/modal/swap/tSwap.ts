import swapMessages from '../../locales/en.swap.json' with { type: 'json' }
import type { LocaleVars } from '../../locales/types'

/** A string of the swap views (`en.swap.json`, in the swap chunk, not the modal's first open). */
export type SwapLocaleKey = keyof typeof swapMessages

/** Looks up a swap view's string and fills its `{placeholders}`, as `t` does. */
export function tSwap(key: SwapLocaleKey, vars?: LocaleVars): string {
  const template: string = swapMessages[key] ?? key
  if (!vars) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = vars[name]
    return value === undefined ? match : String(value)
  })
}
