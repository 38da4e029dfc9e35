import { dataServeFlags } from './dataServeFlags'
import { farcasterServeFlags } from './farcasterServeFlags'
import { onrampServeFlags } from './onrampServeFlags'
import {
  custodyValue,
  databaseUrl,
  items,
  listOrSwitch,
  listsByKey,
  portNumber,
  record,
  type ServeFlag,
  text,
  wholeNumber,
} from './serveFlagValues'
import { signingServeFlags } from './signingServeFlags'
import { siwxServeFlags } from './siwxServeFlags'
import { socialServeFlags } from './socialServeFlags'
import { swapServeFlags } from './swapServeFlags'

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
    read: portNumber,
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
    aliases: ['database', 'db'],
    takes: 'value',
    placeholder: '<path|url>',
    description:
      'SQLite file or libsql URL (file:./latchkey.db), or a postgres:// URL for several server instances on one database',
    read: databaseUrl,
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
    read: listsByKey,
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
    name: 'solana-clusters',
    option: 'solanaClusters',
    takes: 'value',
    multiple: true,
    placeholder: '<cluster=url>',
    description:
      "JSON-RPC URL of a Solana cluster (devnet, localnet…) the wallet sends to, repeatable (';'-separated in the variable)",
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
    name: 'extra-master-key',
    option: 'extraMasterKeys',
    takes: 'value',
    multiple: true,
    placeholder: '<hex|base64>',
    description:
      "another master key whose secrets this server still opens, never writes: the other key of a rotation, repeatable (','-separated in the variable)",
    read: (raw: string[]) => items(raw),
  },
  {
    name: 'log-format',
    option: 'logFormat',
    takes: 'value',
    placeholder: '<text|json>',
    description: "'json': one JSON object per log line, a line per request with its id (text)",
    read: text,
  },
  {
    name: 'metrics-token',
    option: 'metricsToken',
    takes: 'value',
    placeholder: '<secret>',
    description:
      'serves GET /metrics (Prometheus text) to Authorization: Bearer <secret>, 16 characters or more (none: no /metrics)',
    read: text,
  },
  {
    name: 'custody',
    option: 'custody',
    takes: 'value',
    multiple: true,
    placeholder: '<mode|project=mode>',
    description:
      "custody of new wallets: 'server' (the server holds the key) or 'sealed' (split in the frame; the server alone cannot sign), for every project or per project, repeatable ('server')",
    read: custodyValue,
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
  ...siwxServeFlags,
  {
    name: 'trust-proxy',
    option: 'trustProxy',
    aliases: ['trusted-proxy'],
    takes: 'optional',
    multiple: true,
    placeholder: '[ip|cidr,…]',
    description:
      "proxies whose X-Forwarded-For is believed, repeatable: the client is the right-most hop not on the list; alone (or 'true'): every hop, the left-most wins, only behind a proxy that overwrites the header",
    read: listOrSwitch,
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
    name: 'shutdown-timeout-ms',
    option: 'http.shutdownTimeoutMs',
    takes: 'value',
    placeholder: '<ms>',
    description:
      'on SIGTERM, time for requests in flight to finish once no new connection is taken (10000)',
    read: wholeNumber,
  },
  ...signingServeFlags,
  ...dataServeFlags,
  ...socialServeFlags,
  ...farcasterServeFlags,
  ...swapServeFlags,
  ...onrampServeFlags,
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
  rpc: 'per-chain call tuning (deadline, retries, Retry-After cap, request budget, batch size): set it in code',
  chainData:
    'NFT collections, start blocks and indexing tuning per chain: in the --chain-data file or in code (--token-list, --name-resolver, --index-interval-ms and --price-url set their parts)',
  social: 'providers with their client secrets: in the --social file or in code',
  swap: 'providers with their API keys: in the --swap file or in code',
  farcaster: 'the relay, the Optimism RPC and the waits: in the --farcaster file or in code',
  onramp: 'providers and the sandbox: --onramp sandbox, the --onramp file, or in code',
  passkeys:
    'the relying party is the origin of --public-url; another origin or RP ID, rpName and challenge tuning: set them in code',
  secondFactor:
    'the issuer name authenticator apps show: set it in code (--sign-above, --login-methods and --proof-ttl-ms set the rest)',
}
