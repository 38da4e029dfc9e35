import { CliUsageError } from '../../src/errors/CliUsageError'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import type { LatchkeyServerOptions } from '../options'
import { closest } from './closest'
import { envName, type ServeFlag, serveFlags } from './serveFlags'

/**
 * What the command line asks for. `help` with `missingCommand`: no command was given (help is
 * printed and the exit code is 1; a bare `latchkey` never starts a server).
 */
export type CliCommand =
  | { command: 'help'; missingCommand?: boolean }
  | { command: 'version' }
  | { command: 'serve'; options: LatchkeyServerOptions }
  | { command: 'migrate'; action: 'status' | 'up'; options: LatchkeyServerOptions }
  | { command: 'rotate-master-key'; options: LatchkeyServerOptions }

/** Commands of `latchkey`. */
const commands = ['serve', 'migrate', 'rotate-master-key', 'help', 'version'] as const

/** `--help` and `--version`, beside the serve flags. */
const switches = ['help', 'version'] as const
const shortFlags: Record<string, (typeof switches)[number]> = {
  '-h': 'help',
  '-v': 'version',
  '-V': 'version',
}

/** Every accepted name (canonical first, then older ones) to its flag. */
const byName = new Map<string, ServeFlag>([
  ...serveFlags.map((flag) => [flag.name, flag] as const),
  ...serveFlags.flatMap((flag) => (flag.aliases ?? []).map((alias) => [alias, flag] as const)),
])
/** Candidates for "did you mean": canonical names win a tie over older ones. */
const knownNames = [...byName.keys(), ...switches]

/**
 * The flag of a server option path (`masterKey` → `--master-key`, `http.maxConnections.x` →
 * `--max-connections`), as the user wrote it in `argv` when an older name was used; else the path.
 */
export function flagOfOption(option: string, argv: readonly string[] = []): string {
  const segments = option.split('.')
  for (let length = segments.length; length > 0; length--) {
    const path = segments.slice(0, length).join('.')
    const flag =
      serveFlags.find((entry) => entry.option === path) ??
      // `siwx` (or `siwx.*`) alone: sign-in is enabled by --siwx-domain.
      serveFlags.find((entry) => entry.option.startsWith(`${path}.`))
    if (flag) return writtenName(flag, argv)
  }
  return option
}

/** `--name` as last written in argv for this flag (an older name if that is what was typed). */
function writtenName(flag: ServeFlag, argv: readonly string[]): string {
  let written = flag.name
  for (const token of argv) {
    const name = token.startsWith('--') ? token.slice(2).split('=')[0] : undefined
    if (name && (name === flag.name || flag.aliases?.includes(name))) written = name
  }
  return `--${written}`
}

/** Looks like a `--trust-proxy` value (an address, a CIDR, a list, or true/false), not a command. */
function looksLikeProxies(token: string): boolean {
  return (
    /^(1|0|true|false|yes|no)$/i.test(token) ||
    (/^[0-9a-f.:/,;[\]\s]+$/i.test(token) && /[\d:]/.test(token))
  )
}

type Read = {
  positionals: string[]
  /** Raw values per canonical flag name (a switch: `true`). */
  values: Map<string, string[]>
  /** Each canonical flag as last written (`--db` for database-url). */
  written: Map<string, string>
  switches: Set<string>
}

/** Splits argv into positionals and flag values; unknown flags get the closest known one. */
function readFlags(argv: string[]): Read {
  const read: Read = { positionals: [], values: new Map(), written: new Map(), switches: new Set() }
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string
    if (token === '--') {
      read.positionals.push(...argv.slice(index + 1))
      break
    }
    if (!token.startsWith('-') || token === '-') {
      read.positionals.push(token)
      continue
    }
    const long = token.startsWith('--')
    const equals = long ? token.indexOf('=') : -1
    const written = equals > 0 ? token.slice(0, equals) : token
    const inline = equals > 0 ? token.slice(equals + 1) : undefined
    const name = long ? written.slice(2) : shortFlags[written]
    if (name === 'help' || name === 'version') {
      if (inline !== undefined)
        throw new CliUsageError({ argument: written, reason: `Flag "--${name}" takes no value.` })
      read.switches.add(name)
      continue
    }
    const flag = name === undefined ? undefined : byName.get(name)
    if (!flag || name === undefined) {
      const guess = closest(written.replace(/^-+/, ''), knownNames)
      throw new CliUsageError({
        argument: written,
        reason: `Unknown flag "${written}".`,
        suggestion: guess && `--${guess}`,
      })
    }
    // An older name of a flag with an optional value (--trusted-proxy) always took a value.
    const takes = flag.takes === 'optional' && name !== flag.name ? 'value' : flag.takes
    let value = inline
    if (takes === 'none' && value !== undefined)
      throw new CliUsageError({ argument: written, reason: `Flag "--${name}" takes no value.` })
    if (value === undefined && takes !== 'none') {
      const next = argv[index + 1]
      if (takes === 'value' && (next === undefined || next.startsWith('--')))
        throw new CliUsageError({
          argument: written,
          reason: `Flag "--${name}" needs a value (--${name} <value>).`,
        })
      if (next !== undefined && (takes === 'value' || looksLikeProxies(next))) {
        value = next
        index++
      }
    }
    const values = read.values.get(flag.name) ?? []
    read.values.set(flag.name, flag.multiple ? [...values, value ?? 'true'] : [value ?? 'true'])
    read.written.set(flag.name, `--${name}`)
  }
  return read
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `value` over `base`, objects merged key by key (copies: neither input is changed). */
function merged(base: unknown, value: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(value)) return value
  const result: Record<string, unknown> = { ...base }
  for (const [key, entry] of Object.entries(value)) result[key] = merged(base[key], entry)
  return result
}

/**
 * Sets `value` at a dotted option path (`siwx.*.domains`: `*` is the project key); an object is
 * merged into one already there (`--token-list` into the `--chain-data` file's `chains`).
 */
function setOption(options: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.')
  let target = options
  for (const segment of segments.slice(0, -1)) {
    target[segment] = isPlainObject(target[segment]) ? { ...target[segment] } : {}
    target = target[segment] as Record<string, unknown>
  }
  const leaf = segments[segments.length - 1] as string
  target[leaf] = merged(target[leaf], value)
}

/** Whether a read value is empty (a list or record with nothing in it sets no option). */
function isEmpty(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0
}

/**
 * Reads `latchkey serve` flags, falling back to LATCHKEY_* environment variables (the canonical
 * one, then older names). Every flag is the kebab-case of the option it sets (see `serveFlags`).
 */
export function parseCliArgs(
  argv: string[],
  env: Record<string, string | undefined> = {},
): CliCommand {
  const { positionals, values, written, switches: given } = readFlags(argv)
  const command = positionals[0]
  if (given.has('help') || command === 'help') return { command: 'help' }
  if (given.has('version') || command === 'version') return { command: 'version' }
  if (command === undefined) return { command: 'help', missingCommand: true }
  if (command !== 'serve' && command !== 'migrate' && command !== 'rotate-master-key') {
    const guess = closest(command, commands)
    throw new CliUsageError({
      argument: command,
      reason: `Unknown command "${command}".`,
      suggestion: guess && `latchkey ${guess}`,
    })
  }
  const action = command === 'migrate' ? (positionals[1] ?? 'status') : undefined
  if (action !== undefined && action !== 'status' && action !== 'up')
    throw new CliUsageError({
      argument: action,
      reason: `Unknown migrate action "${action}": latchkey migrate status, or latchkey migrate up.`,
    })
  const extra = positionals[action === undefined ? 1 : 2]
  if (extra !== undefined)
    throw new CliUsageError({
      argument: extra,
      reason: `Unexpected argument "${extra}": every serve option is a --flag.`,
    })
  const options: Record<string, unknown> = {}
  for (const flag of serveFlags) {
    const fromEnv = [envName(flag.name), ...(flag.envAliases ?? [])]
      .map((name) => env[name])
      .find((value) => value !== undefined && value !== '')
    const raw = values.get(flag.name) ?? (fromEnv === undefined ? undefined : [fromEnv])
    if (!raw) continue
    const value = flag.read(raw, written.get(flag.name) ?? `--${flag.name}`)
    if (!isEmpty(value)) setOption(options, flag.option, value)
  }
  const siwx = (options.siwx as Record<string, Record<string, unknown>> | undefined)?.['*']
  if (siwx && !siwx.domains) {
    const stray = serveFlags.find(
      (flag) => flag.option.startsWith('siwx.') && siwx[flag.option.split('.')[2] as string],
    )
    throw new OptionsValidationError({
      option: stray ? (written.get(stray.name) ?? `--${stray.name}`) : '--siwx-domain',
      reason: 'Needs --siwx-domain: sign-in is enabled by naming the dapp domain(s).',
    })
  }
  const directory = options.directory as Record<string, unknown> | undefined
  if (directory && !('registry' in directory)) {
    const stray = serveFlags.find(
      (flag) =>
        flag.option.startsWith('directory.') && (flag.option.split('.')[1] as string) in directory,
    )
    throw new OptionsValidationError({
      option: stray ? (written.get(stray.name) ?? `--${stray.name}`) : '--directory',
      reason:
        "Needs --directory: the directory API is turned on by naming its registry file (or 'sample').",
    })
  }
  if (action !== undefined)
    return { command: 'migrate', action, options: options as LatchkeyServerOptions }
  if (command === 'rotate-master-key')
    return { command: 'rotate-master-key', options: options as LatchkeyServerOptions }
  return { command: 'serve', options: options as LatchkeyServerOptions }
}
