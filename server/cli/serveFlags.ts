import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import {
  items,
  last,
  pairs,
  positiveInteger,
  record,
  type ServeFlag,
  switchValue,
  text,
  wholeNumber,
} from './serveFlagValues'

export { envName, type ServeFlag } from './serveFlagValues'

/**
 * Every flag of `latchkey serve`, in help order. `serverOptionNotInCli` lists the options with no
 * flag; a test walks the options schema against both.
 */
export const serveFlags: readonly ServeFlag[] = [
  {
    name: 'port',
    option: 'port',
    takes: 'value',
    placeholder: '<n>',
    description: 'port (8787; 0 picks a free one)',
    read(raw, flag) {
      const value = last(raw)
      if (!/^\d+$/.test(value))
        throw new OptionsValidationError({
          option: flag,
          reason: `Expected a port number, received "${value}".`,
        })
      return Number(value)
    },
  },
  {
    name: 'host',
    option: 'host',
    takes: 'value',
    placeholder: '<host>',
    description: 'interface (127.0.0.1)',
    read: text,
  },
  {
    name: 'database-url',
    option: 'databaseUrl',
    aliases: ['db'],
    takes: 'value',
    placeholder: '<path|url>',
    description: 'SQLite file or libsql URL (file:./latchkey.db)',
    // A bare path becomes a `file:` URL; URLs and `:memory:` stay.
    read: (raw) => {
      const value = last(raw)
      return /^(file:|libsql:|https?:|wss?:|:memory:$)/.test(value) ? value : `file:${value}`
    },
  },
  {
    name: 'database-auth-token',
    option: 'databaseAuthToken',
    takes: 'value',
    placeholder: '<token>',
    description: 'auth token of a remote libsql database',
    read: text,
  },
  {
    name: 'smtp-url',
    option: 'smtpUrl',
    aliases: ['smtp'],
    takes: 'value',
    placeholder: '<url>',
    description: 'SMTP URL; none prints codes to the console',
    read: text,
  },
  {
    name: 'mail-from',
    option: 'mailFrom',
    takes: 'value',
    placeholder: '<address>',
    description: 'sender of mails',
    read: text,
  },
  {
    name: 'public-url',
    option: 'publicUrl',
    takes: 'value',
    placeholder: '<url>',
    description: "this server's public URL, for links in mails",
    read: text,
  },
  {
    name: 'allowed-origins',
    option: 'allowedOrigins',
    aliases: ['origins'],
    envAliases: ['LATCHKEY_ORIGINS'],
    takes: 'value',
    multiple: true,
    placeholder: '<project=o1,o2>',
    description:
      "allowed dapp origins per project, repeatable (';'-separated in the variable); '*' for any project (none: loopback and *.test)",
    read: (raw, flag) =>
      Object.fromEntries(
        Object.entries(pairs(flag, raw)).map(([projectId, value]) => [projectId, items([value])]),
      ),
  },
  {
    name: 'chains',
    option: 'chains',
    aliases: ['rpc'],
    envAliases: ['LATCHKEY_RPC'],
    takes: 'value',
    multiple: true,
    placeholder: '<chainId=url>',
    description: "JSON-RPC URL of a chain, repeatable (';'-separated in the variable)",
    read: record,
  },
  {
    name: 'master-key',
    option: 'masterKey',
    takes: 'value',
    placeholder: '<hex|base64>',
    description:
      '32-byte key that encrypts wallet keys (none: a dev key file beside the database, loopback only)',
    read: text,
  },
  {
    name: 'otp-ttl-ms',
    option: 'otpTtlMs',
    takes: 'value',
    placeholder: '<ms>',
    description: 'lifetime of a mailed code (600000)',
    read: wholeNumber,
  },
  {
    name: 'otp-max-attempts',
    option: 'otpMaxAttempts',
    takes: 'value',
    placeholder: '<n>',
    description: 'tries of one code before it is spent (5)',
    read: wholeNumber,
  },
  {
    name: 'session-ttl-ms',
    option: 'sessionTtlMs',
    takes: 'value',
    placeholder: '<ms>',
    description: 'lifetime of a login session (2592000000, 30 days)',
    read: wholeNumber,
  },
  {
    name: 'siwx-domain',
    option: 'siwx.*.domains',
    takes: 'value',
    multiple: true,
    placeholder: '<host[:port]>',
    description:
      "enables sign-in (SIWX) for any project: a domain messages may name, repeatable (','-separated in the variable)",
    read: items,
  },
  {
    name: 'siwx-uri',
    option: 'siwx.*.uris',
    takes: 'value',
    multiple: true,
    placeholder: '<uri>',
    description: 'exact URI sign-in messages may name, repeatable (default: https on the domain)',
    read: items,
  },
  {
    name: 'siwx-chain',
    option: 'siwx.*.chainIds',
    takes: 'value',
    multiple: true,
    placeholder: '<chainId>',
    description: 'chain id accepted for sign-in, repeatable (default: the --chains chains)',
    read: (raw, flag) => items(raw).map((chain) => positiveInteger(flag, chain)),
  },
  {
    name: 'siwx-max-age-ms',
    option: 'siwx.*.maxAgeMs',
    takes: 'value',
    placeholder: '<ms>',
    description: "oldest sign-in message's issuedAt accepted (600000)",
    read: wholeNumber,
  },
  {
    name: 'siwx-session-ttl-ms',
    option: 'siwx.*.sessionTtlMs',
    takes: 'value',
    placeholder: '<ms>',
    description: 'longest sign-in session (86400000, 24 h)',
    read: wholeNumber,
  },
  {
    name: 'siwx-nonce-ttl-ms',
    option: 'siwx.*.nonceTtlMs',
    takes: 'value',
    placeholder: '<ms>',
    description: 'how long a sign-in nonce stays usable (600000, at most that)',
    read: wholeNumber,
  },
  {
    name: 'siwx-credentials',
    option: 'siwx.*.credentials',
    takes: 'value',
    placeholder: '<cookie|bearer|both>',
    description: 'how the sign-in session travels (both)',
    read: text,
  },
  {
    name: 'trust-proxy',
    option: 'trustProxy',
    aliases: ['trusted-proxy'],
    takes: 'optional',
    multiple: true,
    placeholder: '[ip|cidr,…]',
    description:
      "proxies whose X-Forwarded-For is believed, repeatable: the client is the right-most hop not on the list; alone (or 'true'): every hop, the left-most wins, only behind a proxy that overwrites the header",
    read: (raw) => {
      const list: string[] = []
      let all: boolean | undefined
      for (const value of raw) {
        const word = switchValue(value.trim())
        if (word === undefined) list.push(...items([value]))
        else all = word
      }
      return list.length > 0 ? list : (all ?? false)
    },
  },
  {
    name: 'headers-timeout-ms',
    option: 'http.headersTimeoutMs',
    aliases: ['headers-timeout'],
    takes: 'value',
    placeholder: '<ms>',
    description: "time to receive a request's headers (10000)",
    read: wholeNumber,
  },
  {
    name: 'request-timeout-ms',
    option: 'http.requestTimeoutMs',
    aliases: ['request-timeout'],
    takes: 'value',
    placeholder: '<ms>',
    description: 'time to receive a whole request (30000)',
    read: wholeNumber,
  },
  {
    name: 'keep-alive-timeout-ms',
    option: 'http.keepAliveTimeoutMs',
    aliases: ['keep-alive-timeout'],
    takes: 'value',
    placeholder: '<ms>',
    description: 'idle time of a kept-alive socket (5000)',
    read: wholeNumber,
  },
  {
    name: 'max-connections',
    option: 'http.maxConnections',
    takes: 'value',
    placeholder: '<n>',
    description: 'open sockets at once (1024)',
    read: wholeNumber,
  },
  {
    name: 'base-fee-multiplier',
    option: 'feeCap.baseFeeMultiplier',
    takes: 'value',
    placeholder: '<x>',
    description: 'highest max fee per gas as a multiple of the base fee, plus the tip (2)',
    read: (raw, flag) => {
      const value = last(raw)
      if (!/^\d+(\.\d+)?$/.test(value))
        throw new OptionsValidationError({
          option: flag,
          reason: `Expected a number such as 2 or 1.5, received "${value}".`,
        })
      return Number(value)
    },
  },
  {
    name: 'max-priority-fee-per-gas',
    option: 'feeCap.maxPriorityFeePerGas',
    takes: 'value',
    multiple: true,
    placeholder: '<chainId=gwei>',
    description: "highest tip in gwei, repeatable; 'default=10' for other chains",
    read: record,
  },
  {
    name: 'max-fee-per-transaction',
    option: 'feeCap.maxFeePerTransaction',
    aliases: ['max-fee'],
    envAliases: ['LATCHKEY_MAX_FEE'],
    takes: 'value',
    multiple: true,
    placeholder: '<chainId=amount>',
    description:
      "highest network fee of one transaction in native units, repeatable (';'-separated in the variable); 'default=0.05' for other chains",
    read: record,
  },
]

/**
 * `createLatchkeyServer` options no flag sets, and why: objects and functions only code can
 * pass, and structured tables (set them in code).
 */
export const serverOptionNotInCli: Readonly<Record<string, string>> = {
  rateLimits: 'a table of limits and windows per kind: set it in code',
  now: 'a function (tests)',
  mailer: 'an object (tests, benchmarks)',
  storage: 'an object (another database)',
  logger: 'an object',
  directory:
    'the registry file, image folder and analytics switch of the directory API: set them in code',
  rpc: 'per-chain call tuning (deadline, retries, Retry-After cap, request budget, batch size): set it in code',
}
