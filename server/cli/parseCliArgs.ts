import { parseArgs } from 'node:util'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import type { LatchkeyServerOptions } from '../options'

/** What the command line asks for. */
export type CliCommand = { command: 'help' } | { command: 'serve'; options: LatchkeyServerOptions }

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
  help: { type: 'boolean', short: 'h' },
} as const

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
} as const

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

function readFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: flags, allowPositionals: true, strict: true })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const option = /'(-[^'\s]+)/.exec(message)?.[1] ?? 'arguments'
    throw new OptionsValidationError({ option, reason: `${message}.` })
  }
}

/** Reads `latchkey serve` flags, falling back to LATCHKEY_* environment variables. */
export function parseCliArgs(
  argv: string[],
  env: Record<string, string | undefined> = {},
): CliCommand {
  const { positionals, values } = readFlags(argv)
  const command = positionals[0] ?? 'serve'
  if (values.help || command === 'help') return { command: 'help' }
  if (command !== 'serve')
    throw new OptionsValidationError({ option: command, reason: 'Unknown command.', unknown: true })
  const text = (
    name: Exclude<
      keyof typeof envNames,
      'origins' | 'rpc' | 'max-fee' | 'trust-proxy' | 'trusted-proxy'
    >,
  ) => values[name] ?? (env[envNames[name]] || undefined)
  const list = (name: 'origins' | 'rpc' | 'max-fee') =>
    values[name] ?? (env[envNames[name]] ? [env[envNames[name]] as string] : [])
  const options: LatchkeyServerOptions = {}
  const port = text('port')
  if (port !== undefined) {
    if (!/^\d+$/.test(port))
      throw new OptionsValidationError({
        option: 'port',
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
  const origins = pairs('origins', list('origins'))
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
  const rpc = pairs('rpc', list('rpc'))
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
    if (value !== undefined) http[key as keyof typeof http] = positiveInteger(flag, value)
  }
  if (Object.keys(http).length > 0) options.http = http
  const maxFee = pairs('max-fee', list('max-fee'))
  if (Object.keys(maxFee).length > 0) options.feeCap = { maxFeePerTransaction: maxFee }
  return { command: 'serve', options }
}

/** `latchkey --help` text. */
export const usage = `Usage: latchkey serve [options]

Starts the Latchkey server (email login, key custody, signing). With no options: a dev server
on 127.0.0.1:8787, SQLite file ./latchkey.db, codes printed to the console.

Options (environment variable in brackets):
  --port <n>                      port (8787) [LATCHKEY_PORT]
  --host <host>                   interface (127.0.0.1) [LATCHKEY_HOST]
  --db <path|url>                 SQLite file or libsql URL (file:./latchkey.db) [LATCHKEY_DATABASE_URL]
  --smtp <url>                    SMTP URL; none prints codes [LATCHKEY_SMTP_URL]
  --mail-from <address>           sender of mails [LATCHKEY_MAIL_FROM]
  --public-url <url>              this server's public URL, for links in mails [LATCHKEY_PUBLIC_URL]
  --origins <project=o1,o2>       allowed dapp origins per project, repeatable; '*' for any project
                                  (loopback and *.test) [LATCHKEY_ORIGINS, ';'-separated]
  --rpc <chainId=url>             chain RPC URL, repeatable [LATCHKEY_RPC, ';'-separated]
  --max-fee <chainId=amount>      highest network fee of one transaction in native units, repeatable;
                                  'default=0.05' for other chains [LATCHKEY_MAX_FEE, ';'-separated]
  --master-key <hex|base64>       32-byte key that encrypts wallet keys [LATCHKEY_MASTER_KEY]
  --trusted-proxy <ip|cidr,…>     proxies whose X-Forwarded-For is believed, repeatable; the client
                                  is the right-most hop not on the list [LATCHKEY_TRUST_PROXY]
  --trust-proxy                   believe every X-Forwarded-For hop (the left-most wins): only
                                  behind a proxy that overwrites the header [LATCHKEY_TRUST_PROXY=true]
  --headers-timeout <ms>          time to receive a request's headers (10000)
                                  [LATCHKEY_HEADERS_TIMEOUT_MS]
  --request-timeout <ms>          time to receive a whole request (30000) [LATCHKEY_REQUEST_TIMEOUT_MS]
  --keep-alive-timeout <ms>       idle time of a kept-alive socket (5000)
                                  [LATCHKEY_KEEP_ALIVE_TIMEOUT_MS]
  --max-connections <n>           open sockets at once (1024) [LATCHKEY_MAX_CONNECTIONS]
  -h, --help                      this text
`
