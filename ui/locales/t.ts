import en from './en.json' with { type: 'json' }
import { fill } from './fill'
import type { LocaleKey, LocaleMessages, LocaleVars } from './types'

// `en.json` holds every `LocaleKey` (this assignment) and no other key (the check below).
const messages: LocaleMessages = en
const noExtraKey: [keyof typeof en] extends [LocaleKey] ? true : never = true
void noExtraKey

/** Looks up a UI string and fills its `{placeholders}`. */
export function t(key: LocaleKey, vars?: LocaleVars): string {
  return fill(messages[key] ?? key, vars)
}
