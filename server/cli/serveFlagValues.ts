import { OptionsValidationError } from '../../src/errors/OptionsValidationError'

/**
 * One flag of `latchkey serve`. Its name is the kebab-case of the `createLatchkeyServer` option
 * it sets (nested `http.*` and `feeCap.*` options by their own name; `siwx['*'].*` as `siwx-…`,
 * one item per flag: `--siwx-domain`, `--siwx-uri`, `--siwx-chain`, `--siwx-solana-cluster`), its
 * environment variable `LATCHKEY_` + the name in SCREAMING_SNAKE (see `envName`).
 */
export interface ServeFlag {
  /** Canonical name without dashes: `database-url`. */
  name: string
  /** Option path it sets: `databaseUrl`, `http.headersTimeoutMs`, `siwx.*.domains`. */
  option: string
  /** Older flag names, still accepted (documented in `--help`). */
  aliases?: readonly string[]
  /** Older environment variables, still read after the canonical one. */
  envAliases?: readonly string[]
  /**
   * `value` (needs one), `none` (a switch) or `optional` (`--trust-proxy` alone, or with a value);
   * an alias of an `optional` flag always needs its value.
   */
  takes: 'value' | 'none' | 'optional'
  /** Repeatable: every value is kept, in order. */
  multiple?: boolean
  /** Shown after the flag in help: `<path|url>`. */
  placeholder: string
  /** One sentence for help, with the default in parentheses. */
  description: string
  /**
   * The option value from the raw strings (flag values, or the one environment value); `flag` is
   * the name to put in errors.
   */
  read(raw: string[], flag: string): unknown
}

/** `LATCHKEY_` + SCREAMING_SNAKE of a flag name: `database-url` → `LATCHKEY_DATABASE_URL`. */
export function envName(flag: string): string {
  return `LATCHKEY_${flag.replace(/-/g, '_').toUpperCase()}`
}

/** The last of the raw values: a repeated single-value flag keeps its last. */
export const last = (raw: string[]) => raw[raw.length - 1] as string

/** Entries of `a,b;c` values, trimmed, empty ones dropped. */
export function items(raw: string[]): string[] {
  return raw
    .flatMap((value) => value.split(/[,;]/))
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** A positive whole number, else an `OptionsValidationError` naming the flag. */
export function positiveInteger(flag: string, value: string): number {
  if (!/^[1-9]\d*$/.test(value))
    throw new OptionsValidationError({
      option: flag,
      reason: `Expected a positive whole number, received "${value}".`,
    })
  return Number(value)
}

/** `a=1,2` entries (repeated flags, or `;`-separated in one env value) into a record. */
export function pairs(flag: string, raw: string[]): Record<string, string> {
  const record: Record<string, string> = {}
  for (const entry of raw.flatMap((value) => value.split(';')).filter(Boolean)) {
    const at = entry.indexOf('=')
    if (at < 1)
      throw new OptionsValidationError({
        option: flag,
        reason: `Expected key=value, received "${entry}".`,
      })
    record[entry.slice(0, at).trim()] = entry.slice(at + 1).trim()
  }
  return record
}

/** The flag's value as written. */
export const text = (raw: string[]) => last(raw)
/** A positive whole number. */
export const wholeNumber = (raw: string[], flag: string) => positiveInteger(flag, last(raw))
/** `key=value` entries into a record. */
export const record = (raw: string[], flag: string) => pairs(flag, raw)

/** `true`/`false` words of a switch's environment variable. */
export function switchValue(value: string): boolean | undefined {
  if (/^(1|true|yes)$/i.test(value)) return true
  if (/^(0|false|no)$/i.test(value)) return false
  return undefined
}

/** A port number (0 picks a free one). */
export function portNumber(raw: string[], flag: string): number {
  const value = last(raw)
  if (!/^\d+$/.test(value))
    throw new OptionsValidationError({
      option: flag,
      reason: `Expected a port number, received "${value}".`,
    })
  return Number(value)
}

/** A number such as `2` or `1.5`. */
export function decimal(raw: string[], flag: string): number {
  const value = last(raw)
  if (!/^\d+(\.\d+)?$/.test(value))
    throw new OptionsValidationError({
      option: flag,
      reason: `Expected a number such as 2 or 1.5, received "${value}".`,
    })
  return Number(value)
}

/** `true` or `false` (also 1/0, yes/no). */
export function booleanValue(raw: string[], flag: string): boolean {
  const value = switchValue(last(raw))
  if (value === undefined)
    throw new OptionsValidationError({
      option: flag,
      reason: `Expected true or false, received "${last(raw)}".`,
    })
  return value
}

/** A database location: a bare path becomes a `file:` URL; URLs and `:memory:` stay. */
export function databaseUrl(raw: string[]): string {
  const value = last(raw)
  return /^(file:|libsql:|https?:|wss?:|postgres(ql)?:|:memory:$)/.test(value)
    ? value
    : `file:${value}`
}

/** Positive whole numbers, each checked: `1,56`. */
export const wholeNumbers = (raw: string[], flag: string) =>
  items(raw).map((value) => positiveInteger(flag, value))

/** `key=a,b` entries into a record of lists: `project=https://a.example,https://b.example`. */
export const listsByKey = (raw: string[], flag: string) =>
  Object.fromEntries(Object.entries(pairs(flag, raw)).map(([key, value]) => [key, items([value])]))

/**
 * A list, or a switch when no value is a list entry: `10.0.0.0/8,::1` is a list, `true` (or the
 * flag alone, given as `true`) is `true`, nothing at all is `false`. A list wins over a switch.
 */
export function listOrSwitch(raw: string[]): string[] | boolean {
  const list: string[] = []
  let all: boolean | undefined
  for (const value of raw) {
    const word = switchValue(value.trim())
    if (word === undefined) list.push(...items([value]))
    else all = word
  }
  return list.length > 0 ? list : (all ?? false)
}

/** `--custody sealed` (every project) or `--custody <project>=<mode>`, repeatable; a bare mode is `'*'`. */
export function custodyValue(raw: string[], flag: string): string | Record<string, string> {
  const bare = raw.filter((value) => !value.includes('='))
  const keyed = raw.filter((value) => value.includes('='))
  if (keyed.length === 0) return last(bare)
  const modes = pairs(flag, keyed)
  const fallback = bare[bare.length - 1]
  return fallback === undefined ? modes : { '*': fallback, ...modes }
}
