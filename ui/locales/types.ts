import type en from './en.json'

/** A key of `en.json`; a wrong key fails the type check. */
export type LocaleKey = keyof typeof en

/** A full set of UI strings, keyed like `en.json`. */
export type LocaleMessages = Record<LocaleKey, string>

/** Values substituted into `{name}` placeholders. */
export type LocaleVars = Record<string, string | number>
