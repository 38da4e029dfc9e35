import en from './en.json' with { type: 'json' }
import type { LocaleKey, LocaleMessages, LocaleVars } from './types'

const messages: LocaleMessages = en

/** Looks up a UI string and fills its `{placeholders}`. */
export function t(key: LocaleKey, vars?: LocaleVars): string {
  const template = messages[key] ?? key
  if (!vars) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = vars[name]
    return value === undefined ? match : String(value)
  })
}
