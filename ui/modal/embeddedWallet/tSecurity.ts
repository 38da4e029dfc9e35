import securityMessages from '../../locales/en.security.json' with { type: 'json' }
import { fill } from '../../locales/fill'
import type { LocaleVars } from '../../locales/types'

/** A string of the Security row (`en.security.json`, in its lazy chunk, not the modal's first open). */
export type SecurityLocaleKey = keyof typeof securityMessages

/** Looks up a Security string and fills its `{placeholders}`, as `t` does. */
export function tSecurity(key: SecurityLocaleKey, vars?: LocaleVars): string {
  return fill(securityMessages[key] ?? key, vars)
}
