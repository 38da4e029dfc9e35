import type { LocaleVars } from './types'

/** Fills the `{placeholders}` of a UI string; a missing value leaves its placeholder visible. */
export function fill(template: string, vars: LocaleVars | undefined): string {
  if (!vars) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = vars[name]
    return value === undefined ? match : String(value)
  })
}
