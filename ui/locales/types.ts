import type { LocaleKey } from './localeKey'

export type { LocaleKey }

/** A full set of UI strings, keyed like `en.json`. */
export type LocaleMessages = Record<LocaleKey, string>

/** Values substituted into `{name}` placeholders. */
export type LocaleVars = Record<string, string | number>
