import onrampMessages from '../../locales/en.onramp.json' with { type: 'json' }
import { fill } from '../../locales/fill'
import type { LocaleVars } from '../../locales/types'

/** A string of the on-ramp views (`en.onramp.json`, in their chunk, not the modal's first open). */
export type OnrampLocaleKey = keyof typeof onrampMessages

/** Looks up an on-ramp view's string and fills its `{placeholders}`, as `t` does. */
export function tOnramp(key: OnrampLocaleKey, vars?: LocaleVars): string {
  return fill(onrampMessages[key] ?? key, vars)
}
