import { CliUsageError } from '../../src/errors/CliUsageError'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import type { LatchkeyServerOptions } from '../options'
import { closest } from './closest'

/**
 * What the command line asks for. `help` with `missingCommand`: no command was given (help is
 * printed and the exit code is 1; a bare `latchkey` never starts a server).
 */
export type CliCommand =
  | { command: 'help'; missingCommand?: boolean }
  | { command: 'version' }
  | { command: 'serve'; options: LatchkeyServerOptions }

/** Commands of `latchkey`. */
const commands = ['serve', 'help', 'version'] as const

/** Flags of `latchkey serve`. */
const flags = {
  port: { type: 'string' },
  host: { type: 'string' },
  db: { type: 'string' },
  smtp: { type: 'string' },
  'mail-from': { type: 'string' },
  'public-url': { type: 'string' },
  origins: { type: 'string', multiple: true },
  rpc: { type: 'string', multiple: true },
  'max-fee': { type: 'string', multiple: true },
  'master-key': { type: 'string' },
  'trust-proxy': { type: 'boolean' },
  'trusted-proxy': { type: 'string', multiple: true },
  'headers-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
  'siwx-domain': { type: 'string', multiple: true },
  'siwx-uri': { type: 'string', multiple: true },
  'siwx-chain': { type: 'string', multiple: true },
  help: { type: 'boolean' },
  version: { type: 'boolean' },
} as const

type FlagName = keyof typeof flags
type FlagValues = {
  [name in FlagName]?: (typeof flags)[name] extends { type: 'boolean' }
    ? boolean
    : (typeof flags)[name] extends { multiple: true }
      ? string[]
      : string
}

const shortFlags: Record<string, FlagName> = { '-h': 'help', '-v': 'version', '-V': 'version' }

/** The environment variable behind each flag. */
const envNames = {
  port: 'LATCHKEY_PORT',
  host: 'LATCHKEY_HOST',
  db: 'LATCHKEY_DATABASE_URL',
  smtp: 'LATCHKEY_SMTP_URL',
  'mail-from': 'LATCHKEY_MAIL_FROM',
  'public-url': 'LATCHKEY_PUBLIC_URL',
  origins: 'LATCHKEY_ORIGINS',
  rpc: 'LATCHKEY_RPC',
  'max-fee': 'LATCHKEY_MAX_FEE',
  'master-key': 'LATCHKEY_MASTER_KEY',
  'trust-proxy': 'LATCHKEY_TRUST_PROXY',
  'trusted-proxy': 'LATCHKEY_TRUST_PROXY',
  'headers-timeout': 'LATCHKEY_HEADERS_TIMEOUT_MS',
  'request-timeout': 'LATCHKEY_REQUEST_TIMEOUT_MS',
  'keep-alive-timeout': 'LATCHKEY_KEEP_ALIVE_TIMEOUT_MS',
  'max-connections': 'LATCHKEY_MAX_CONNECTIONS',
  'siwx-domain': 'LATCHKEY_SIWX_DOMAIN',
  'siwx-uri': 'LATCHKEY_SIWX_URI',
  'siwx-chain': 'LATCHKEY_SIWX_CHAIN',
} as const

/**
 * The flag behind each `createLatchkeyServer` option (first dotted segment), so errors raised by
 * the server's own validation name what the user typed.
 */
export const flagOfOption: Readonly<Record<string, string>> = {
  port: '--port',
  host: '--host',
  databaseUrl: '--db',
  smtpUrl: '--smtp',
  mailFrom: '--mail-from',
  publicUrl: '--public-url',
  allowedOrigins: '--origins',
  chains: '--rpc',
  feeCap: '--max-fee',
  masterKey: '--master-key',
  trustProxy: '--trusted-proxy',
  siwx: '--siwx-domain',
  'http.headersTimeoutMs': '--headers-timeout',
  'http.requestTimeoutMs': '--request-timeout',
  'http.keepAliveTimeoutMs': '--keep-alive-timeout',
  'http.maxConnections': '--max-connections',
}

const httpFlags = {
  'headers-timeout': 'headersTimeoutMs',
  'request-timeout': 'requestTimeoutMs',
  'keep-alive-timeout': 'keepAliveTimeoutMs',
  'max-connections': 'maxConnections',
} as const

/** A positive whole number of a flag, else an `OptionsValidationError` naming it. */
function positiveInteger(option: string, value: string): number {
  if (!/^[1-9]\d*$/.test(value))
    throw new OptionsValidationError({
      option,
      reason: `Expected a positive whole number, received "${value}".`,
    })
  return Number(value)
}

/** `--trust-proxy` (every hop), `--trusted-proxy` lists, or LATCHKEY_TRUST_PROXY (true or a list). */
function trustProxyOption(
  all: boolean | undefined,
  list: string[] | undefined,
  env: string | undefined,
): boolean | string[] | undefined {
  const split = (values: string[]) =>
    values
      .flatMap((value) => value.split(/[,;]/))
      .map((entry) => entry.trim())
      .filter(Boolean)
  if (list && list.length > 0) return split(list)
  if (all) return true
  if (!env) return undefined
  if (/^(1|true|yes)$/i.test(env)) return true
  if (/^(0|false|no)$/i.test(env)) return false
  return split([env])
}

/** `a=1,2` entries (repeated flags, or `;`-separated in one env value) into a record. */
function pairs(option: string, entries: string[]): Record<string, string> {
  const record: Record<string, string> = {}
  for (const entry of entries.flatMap((value) => value.split(';')).filter(Boolean)) {
    const at = entry.indexOf('=')
    if (at < 1)
      throw new OptionsValidationError({
        option,
        reason: `Expected key=value, received "${entry}".`,
      })
    record[entry.slice(0, at).trim()] = entry.slice(at + 1).trim()
  }
  return record
}

/** A bare path becomes a `file:` URL; URLs and `:memory:` stay. */
function databaseUrl(value: string): string {
  return /^(file:|libsql:|https?:|wss?:|:memory:$)/.test(value) ? value : `file:${value}`
}

/** Splits argv into positionals and flag values; unknown flags get the closest known one. */
function readFlags(argv: string[]): { positionals: string[]; values: FlagValues } {
  const positionals: string[] = []
  const values: Record<string, string | boolean | string[]> = {}
  const names = Object.keys(flags) as FlagName[]
  for (let index = 0; index < argv.length; index++) {
    const token = argv[index] as string
    if (token === '--') {
      positionals.push(...argv.slice(index + 1))
      break
    }
    if (!token.startsWith('-') || token === '-') {
      positionals.push(token)
      continue
    }
    const equals = token.indexOf('=')
    const written = equals > 0 && token.startsWith('--') ? token.slice(0, equals) : token
    const inline = equals > 0 && token.startsWith('--') ? token.slice(equals + 1) : undefined
    const name = (token.startsWith('--') ? written.slice(2) : shortFlags[written]) as
      | FlagName
      | undefined
    if (!name || !Object.hasOwn(flags, name)) {
      const guess = closest(written.replace(/^-+/, ''), names)
      throw new CliUsageError({
        argument: written,
        reason: `Unknown flag "${written}".`,
        suggestion: guess && `--${guess}`,
      })
    }
    const spec: { type: string; multiple?: boolean } = flags[name]
    if (spec.type === 'boolean') {
      if (inline !== undefined)
        throw new CliUsageError({ argument: written, reason: `Flag "--${name}" takes no value.` })
      values[name] = true
      continue
    }
    let value = inline
    if (value === undefined) {
      const next = argv[index + 1]
      if (next === undefined || next.startsWith('--'))
        throw new CliUsageError({
          argument: written,
          reason: `Flag "--${name}" needs a value (--${name} <value>).`,
        })
      value = next
      index++
    }
    if (spec.multiple) values[name] = [...((values[name] as string[] | undefined) ?? []), value]
    else values[name] = value
  }
  return { positionals, values: values as FlagValues }
}

/** `--siwx-*` flags (or LATCHKEY_SIWX_*, ','/';'-separated) as the `siwx` option of project '*'. */
function siwxOption(
  values: FlagValues,
  env: Record<string, string | undefined>,
): LatchkeyServerOptions['siwx'] {
  const read = (name: 'siwx-domain' | 'siwx-uri' | 'siwx-chain') =>
    (values[name] ?? (env[envNames[name]] ? [env[envNames[name]] as string] : []))
      .flatMap((value) => value.split(/[,;]/))
      .map((entry) => entry.trim())
      .filter(Boolean)
  const domains = read('siwx-domain')
  const uris = read('siwx-uri')
  const chains = read('siwx-chain')
  if (domains.length === 0) {
    const stray = uris.length > 0 ? '--siwx-uri' : chains.length > 0 ? '--siwx-chain' : undefined
    if (stray)
      throw new OptionsValidationError({
        option: stray,
        reason: 'Needs --siwx-domain: sign-in is enabled by naming the dapp domain(s).',
      })
    return undefined
  }
  const chainIds = chains.map((chain) => positiveInteger('--siwx-chain', chain))
  return {
    '*': {
      domains,
      ...(uris.length > 0 ? { uris } : {}),
      ...(chainIds.length > 0 ? { chainIds } : {}),
    },
  }
}

/** Reads `latchkey serve` flags, falling back to LATCHKEY_* environment variables. */
export function parseCliArgs(
  argv: string[],
  env: Record<string, string | undefined> = {},
): CliCommand {
  const { positionals, values } = readFlags(argv)
  const command = positionals[0]
  if (values.help || command === 'help') return { command: 'help' }
  if (values.version || command === 'version') return { command: 'version' }
  if (command === undefined) return { command: 'help', missingCommand: true }
  if (command !== 'serve') {
    const guess = closest(command, commands)
    throw new CliUsageError({
      argument: command,
      reason: `Unknown command "${command}".`,
      suggestion: guess && `latchkey ${guess}`,
    })
  }
  if (positionals.length > 1)
    throw new CliUsageError({
      argument: positionals[1] as string,
      reason: `Unexpected argument "${positionals[1]}": every serve option is a --flag.`,
    })
  const text = (
    name: Exclude<
      keyof typeof envNames,
      | 'origins'
      | 'rpc'
      | 'max-fee'
      | 'trust-proxy'
      | 'trusted-proxy'
      | 'siwx-domain'
      | 'siwx-uri'
      | 'siwx-chain'
    >,
  ) => values[name] ?? (env[envNames[name]] || undefined)
  const list = (name: 'origins' | 'rpc' | 'max-fee') =>
    values[name] ?? (env[envNames[name]] ? [env[envNames[name]] as string] : [])
  const options: LatchkeyServerOptions = {}
  const port = text('port')
  if (port !== undefined) {
    if (!/^\d+$/.test(port))
      throw new OptionsValidationError({
        option: '--port',
        reason: `Expected a port number, received "${port}".`,
      })
    options.port = Number(port)
  }
  const host = text('host')
  if (host) options.host = host
  const db = text('db')
  if (db) options.databaseUrl = databaseUrl(db)
  const smtp = text('smtp')
  if (smtp) options.smtpUrl = smtp
  const mailFrom = text('mail-from')
  if (mailFrom) options.mailFrom = mailFrom
  const publicUrl = text('public-url')
  if (publicUrl) options.publicUrl = publicUrl
  const masterKey = text('master-key')
  if (masterKey) options.masterKey = masterKey
  const origins = pairs('--origins', list('origins'))
  if (Object.keys(origins).length > 0)
    options.allowedOrigins = Object.fromEntries(
      Object.entries(origins).map(([projectId, value]) => [
        projectId,
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ]),
    )
  const rpc = pairs('--rpc', list('rpc'))
  if (Object.keys(rpc).length > 0) options.chains = rpc
  const trustProxy = trustProxyOption(
    values['trust-proxy'],
    values['trusted-proxy'],
    env[envNames['trust-proxy']] || undefined,
  )
  if (trustProxy !== undefined) options.trustProxy = trustProxy
  const http: NonNullable<LatchkeyServerOptions['http']> = {}
  for (const [flag, key] of Object.entries(httpFlags) as [keyof typeof httpFlags, string][]) {
    const value = text(flag)
    if (value !== undefined) http[key as keyof typeof http] = positiveInteger(`--${flag}`, value)
  }
  if (Object.keys(http).length > 0) options.http = http
  const maxFee = pairs('--max-fee', list('max-fee'))
  if (Object.keys(maxFee).length > 0) options.feeCap = { maxFeePerTransaction: maxFee }
  const siwx = siwxOption(values, env)
  if (siwx) options.siwx = siwx
  return { command: 'serve', options }
}

/** `latchkey --help` text. */
export const usage = `Usage: latchkey <command> [options]

Commands:
  serve                           start the Latchkey server (email login, key custody, signing)
  help                            this text (also -h, --help)
  version                         the installed version (also -v, --version)

\`latchkey serve\` with no options: a dev server on 127.0.0.1:8787, SQLite file ./latchkey.db,
codes printed to the console. It needs hono, @hono/node-server, @libsql/client and viem
(nodemailer with --smtp); a missing one is named, all at once, before anything is written.

Options of serve: flag, [environment variable], createLatchkeyServer option after "option:"
  --port <n>                      port (8787) [LATCHKEY_PORT] option: port
  --host <host>                   interface (127.0.0.1) [LATCHKEY_HOST] option: host
  --db <path|url>                 SQLite file or libsql URL (file:./latchkey.db)
                                  [LATCHKEY_DATABASE_URL] option: databaseUrl
  --smtp <url>                    SMTP URL; none prints codes [LATCHKEY_SMTP_URL] option: smtpUrl
  --mail-from <address>           sender of mails [LATCHKEY_MAIL_FROM] option: mailFrom
  --public-url <url>              this server's public URL, for links in mails
                                  [LATCHKEY_PUBLIC_URL] option: publicUrl
  --origins <project=o1,o2>       allowed dapp origins per project, repeatable; '*' for any project
                                  (loopback and *.test) [LATCHKEY_ORIGINS, ';'-separated]
                                  option: allowedOrigins
  --rpc <chainId=url>             chain RPC URL, repeatable [LATCHKEY_RPC, ';'-separated]
                                  option: chains
  --max-fee <chainId=amount>      highest network fee of one transaction in native units, repeatable;
                                  'default=0.05' for other chains [LATCHKEY_MAX_FEE, ';'-separated]
                                  option: feeCap.maxFeePerTransaction
  --master-key <hex|base64>       32-byte key that encrypts wallet keys [LATCHKEY_MASTER_KEY]
                                  option: masterKey
  --siwx-domain <host[:port]>     enables sign-in (SIWX) for any project: a domain messages may name,
                                  repeatable [LATCHKEY_SIWX_DOMAIN, ','-separated]
                                  option: siwx['*'].domains
  --siwx-uri <uri>                exact URI messages may name, repeatable (default: https on the
                                  domain) [LATCHKEY_SIWX_URI] option: siwx['*'].uris
  --siwx-chain <chainId>          chain id accepted for sign-in, repeatable (default: the --rpc
                                  chains) [LATCHKEY_SIWX_CHAIN] option: siwx['*'].chainIds
  --trusted-proxy <ip|cidr,…>     proxies whose X-Forwarded-For is believed, repeatable; the client
                                  is the right-most hop not on the list [LATCHKEY_TRUST_PROXY]
                                  option: trustProxy
  --trust-proxy                   believe every X-Forwarded-For hop (the left-most wins): only
                                  behind a proxy that overwrites the header
                                  [LATCHKEY_TRUST_PROXY=true] option: trustProxy: true
  --headers-timeout <ms>          time to receive a request's headers (10000)
                                  [LATCHKEY_HEADERS_TIMEOUT_MS] option: http.headersTimeoutMs
  --request-timeout <ms>          time to receive a whole request (30000)
                                  [LATCHKEY_REQUEST_TIMEOUT_MS] option: http.requestTimeoutMs
  --keep-alive-timeout <ms>       idle time of a kept-alive socket (5000)
                                  [LATCHKEY_KEEP_ALIVE_TIMEOUT_MS] option: http.keepAliveTimeoutMs
  --max-connections <n>           open sockets at once (1024) [LATCHKEY_MAX_CONNECTIONS]
                                  option: http.maxConnections
`
