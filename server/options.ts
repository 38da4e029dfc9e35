import { z } from 'zod'
import { toOptionsValidationError } from '../src/schemas/toOptionsValidationError'
import { chainDataOptionsSchema } from './chainData/chainDataOptions'
import { custodyOptionSchema } from './custody/custodyMode'
import { directoryOptionsSchema } from './directory/directoryOptions'
import { secondFactorOptionsSchema } from './factors/factorOptions'
import { farcasterOptionsSchema } from './farcaster/farcasterOptions'
import type { Logger } from './logger'
import type { Mailer } from './mail/types'
import { onrampOptionsSchema } from './onramp/onrampOptions'
import { passkeyOptionsSchema } from './passkeys/passkeyOptions'
import { rateLimitOptionsSchema } from './rateLimitOptions'
import { siwxOptionsSchema } from './siwx/siwxOptions'
import { socialOptionsSchema } from './social/socialOptions'
import type { Storage } from './storage/storage'
import { swapOptionsSchema } from './swap/swapOptions'

const minute = 60_000

const feeCapKeySchema = z
  .string()
  .regex(/^(\d+|default)$/, "Expected a decimal chain id or 'default'.")
const decimalSchema = z
  .string()
  .regex(/^\d{1,30}(\.\d{1,18})?$/, 'Expected a decimal amount such as 0.05.')

/** Options of `createLatchkeyServer`; see each field's default. */
export const serverOptionsSchema = z
  .object({
    /** @default 8787 */
    port: z.number().int().min(0).max(65_535).default(8787),
    /** @default '127.0.0.1' (loopback only) */
    host: z.string().min(1).default('127.0.0.1'),
    /** @default 'file:./latchkey.db' */
    databaseUrl: z.string().min(1).default('file:./latchkey.db'),
    /** Auth token of a remote libsql database. */
    databaseAuthToken: z.string().optional(),
    /** SMTP URL for nodemailer; none prints codes to the console. */
    smtpUrl: z.string().min(1).optional(),
    /** @default 'Latchkey <no-reply@latchkey.localhost>' */
    mailFrom: z.string().min(1).default('Latchkey <no-reply@latchkey.localhost>'),
    /** Public base URL of this server, for links in mails; default from host and port. */
    publicUrl: z.url().optional(),
    /** Allowed dapp origins per projectId (`'*'` for any project); none allows loopback and *.test. */
    allowedOrigins: z.record(z.string(), z.array(z.string().min(1))).optional(),
    /** JSON-RPC URL per chain id, e.g. `{ 1: 'http://127.0.0.1:8545' }`. */
    chains: z
      .record(z.string().regex(/^\d+$/, 'Expected a decimal chain id.'), z.url())
      .default({}),
    /**
     * JSON-RPC URL per Solana cluster, by the name after `solana:` (e.g. `{ devnet:
     * 'https://…', localnet: 'http://127.0.0.1:8899' }`): where solana_signAndSendTransaction
     * sends. Signing needs none. @default {}
     */
    solanaClusters: z
      .record(
        z
          .string()
          .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'Expected a cluster name such as devnet.'),
        z.url(),
      )
      .default({}),
    /** Sign-in (SIWX) per projectId (`'*'` for any): `{ domains, uris?, chainIds?, solanaClusters?, maxAgeMs? }`; none refuses sign-in. */
    siwx: siwxOptionsSchema.optional(),
    /**
     * Custody of new wallets (docs/security.md): `'server'` (the server holds the whole key under
     * the master key) or `'sealed'` (split 2-of-3 in the frame; the server alone cannot sign),
     * for every project or per projectId (`'*'` for the others). Existing wallets keep theirs.
     * @default 'server'
     */
    custody: custodyOptionSchema.default('server'),
    /**
     * Social login (server/API.md "Social login"): `{ providers: { google: { clientId,
     * clientSecret }, … }, redirectUrl?, flowTtlMs?, timeoutMs? }`. None: no provider is contacted.
     */
    social: socialOptionsSchema.optional(),
    /**
     * Sign In With Farcaster (server/API.md "Farcaster login"): `{ relayUrl?, rpcUrl?, flowTtlMs?,
     * pollIntervalMs?, waitMs?, timeoutMs? }`; `{}` uses Farcaster's public relay and Optimism's
     * public RPC. None: off, and no relay or RPC is contacted.
     */
    farcaster: farcasterOptionsSchema.optional(),
    /**
     * Passkey login and passkey-sealed recovery (server/API.md "Passkeys"): `{ origin?, rpId?,
     * rpName?, challengeTtlMs?, challengesPerAddress? }`; on by default, relying party = the
     * wallet origin.
     */
    passkeys: passkeyOptionsSchema.default(passkeyOptionsSchema.parse({})),
    /**
     * Second factors (server/API.md "Second factors"): `{ signAbove?, loginMethods?,
     * proofTtlMs?, issuer? }`; export always needs one.
     */
    secondFactor: secondFactorOptionsSchema.default(secondFactorOptionsSchema.parse({})),
    /** 32 bytes as hex or base64; none (dev) keeps a key file beside the SQLite database. */
    masterKey: z.string().min(1).optional(),
    /**
     * More master keys whose secrets, codes and nonces this server still opens, never writes: the
     * other key of a rotation (`latchkey rotate-master-key`, docs/production.md). @default []
     */
    extraMasterKeys: z.array(z.string().min(1)).default([]),
    /**
     * `'json'`: every log line is one JSON object (`{ time, level, msg, … }`), one per request
     * with its id; `'text'`: plain lines for a terminal. @default 'text'
     */
    logFormat: z.enum(['text', 'json']).default('text'),
    /**
     * Bearer token of GET /metrics (Prometheus text format; 16 characters or more). None: no
     * /metrics route. @see docs/production.md
     */
    metricsToken: z.string().min(16).optional(),
    /** @default 600_000 (10 minutes) */
    otpTtlMs: z
      .number()
      .int()
      .positive()
      .default(10 * minute),
    /** @default 5 */
    otpMaxAttempts: z.number().int().positive().default(5),
    /** @default 2_592_000_000 (30 days) */
    sessionTtlMs: z
      .number()
      .int()
      .positive()
      .default(30 * 24 * 60 * minute),
    /** Rate limits and account protection; every window slides (a burst cannot straddle an edge). */
    rateLimits: rateLimitOptionsSchema,
    /**
     * Proxies whose `X-Forwarded-For` is believed: addresses or CIDRs (e.g. `['10.0.0.0/8',
     * '::1']`). The client is the right-most hop that is not one of them. `true` trusts every hop
     * (the left-most entry wins: only behind a proxy that overwrites the header); `false` or `[]`
     * uses the socket address. @default false
     */
    trustProxy: z.union([z.boolean(), z.array(z.string().min(1))]).default(false),
    /** Socket limits of `listen()` against slow and idle clients. */
    http: z
      .object({
        /** Time to receive a request's headers. @default 10_000 */
        headersTimeoutMs: z.number().int().positive().default(10_000),
        /** Time to receive a whole request. @default 30_000 */
        requestTimeoutMs: z.number().int().positive().default(30_000),
        /** Idle time of a kept-alive socket between requests. @default 5_000 */
        keepAliveTimeoutMs: z.number().int().positive().default(5_000),
        /** Open sockets at once; more are refused. @default 1024 */
        maxConnections: z.number().int().positive().default(1024),
        /**
         * On close (SIGTERM), time for requests in flight to finish after the server stopped
         * accepting; then their sockets are closed. @default 10_000
         */
        shutdownTimeoutMs: z.number().int().min(0).default(10_000),
      })
      .strict()
      .prefault({}),
    /**
     * Ceilings on network fees, checked when a transaction is prepared and again when it is sent.
     * Amounts are decimal strings per chain id (`'1'`, `'56'`) with a `'default'` for the others.
     */
    feeCap: z
      .object({
        /** `maxFeePerGas` (or `gasPrice`) ≤ this × the current base fee + the tip. @default 2 */
        baseFeeMultiplier: z.number().min(1).max(1_000).default(2),
        /** Highest tip (`maxPriorityFeePerGas`) in gwei. @default { default: '10' } */
        maxPriorityFeePerGas: z.record(feeCapKeySchema, decimalSchema).default({ default: '10' }),
        /** Highest gas × max fee of one transaction, in the chain's native units. @default { default: '0.05' } */
        maxFeePerTransaction: z.record(feeCapKeySchema, decimalSchema).default({ default: '0.05' }),
      })
      .strict()
      .prefault({}),
    /**
     * How the server calls the chains' RPC nodes (docs/chain-calls.md): a deadline per call,
     * retries of reads only, a per-chain request budget, a response size cap and batching.
     */
    rpc: z
      .object({
        /** Deadline of one call, retries and waits included. @default 10_000 */
        timeoutMs: z.number().int().positive().default(10_000),
        /** Retries of a read after a network error, a 5xx or a 429. @default 3 */
        retries: z.number().int().min(0).max(10).default(3),
        /** First backoff step (full jitter, doubling). @default 150 */
        backoffMs: z.number().int().positive().default(150),
        /** Longest `Retry-After` the server waits; above it the call fails with `RateLimitedError`. @default 30_000 */
        maxRetryAfterMs: z.number().int().min(0).default(30_000),
        /** Largest answer read from a node, in bytes. @default 10_485_760 (10 MiB) */
        maxResponseBytes: z
          .number()
          .int()
          .positive()
          .default(10 * 1024 * 1024),
        /** Requests per second to one chain's node (token bucket). @default 20 */
        requestsPerSecond: z.number().positive().default(20),
        /** Requests that may go at once after a quiet spell. @default 20 */
        burst: z.number().int().positive().default(20),
        /** Most reads in one JSON-RPC batch; 1 turns batching off. @default 10 */
        batchSize: z.number().int().min(1).max(100).default(10),
        /** How long a send whose answer was lost is looked up by hash and nonce. @default 6_000 */
        reconcileMs: z.number().int().min(0).default(6_000),
      })
      .strict()
      .prefault({}),
    /**
     * The provider directory API (SPEC §7: /getWallets, images, config, origins) and analytics
     * (POST /e): `{ registry?, images?, analytics? }`; `{}` serves the sample registry. None: off.
     */
    directory: directoryOptionsSchema.optional(),
    /**
     * The blockchain data API (server/API.md "Chain data"): per chain id a token list, ERC-721
     * collections, where indexing starts and a name service; how far behind the head the indexer
     * stays; where NFT metadata may be fetched from.
     */
    chainData: chainDataOptionsSchema.prefault({}),
    /**
     * The swap providers' quote and build calls forwarded with the operator's keys (server/API.md
     * "Swap"): `{ zeroEx?: { apiKey, baseUrl?, fee? }, oneInch?: { … }, priceCacheMs?, timeoutMs? }`.
     * None: no swap route.
     */
    swap: swapOptionsSchema.optional(),
    /**
     * Buy with card (server/API.md "Buy with card"): `{ sandbox?: { funderKey?, webhookSecret?,
     * tokens? }, timeoutMs? }`. None: no on-ramp route.
     */
    onramp: onrampOptionsSchema.optional(),
    /** Clock in ms; tests pass a fake one. @default Date.now */
    now: z.custom<() => number>((value) => typeof value === 'function').optional(),
    /** A mailer instead of SMTP or the console (tests, benchmarks). */
    mailer: z.custom<Mailer>((value) => typeof value === 'object' && value !== null).optional(),
    /** A storage instead of libsql (another database). */
    storage: z.custom<Storage>((value) => typeof value === 'object' && value !== null).optional(),
    /** @default console */
    logger: z.custom<Logger>((value) => typeof value === 'object' && value !== null).optional(),
  })
  .strict()

/** What `createLatchkeyServer` accepts. */
export type LatchkeyServerOptions = z.input<typeof serverOptionsSchema>
/** Options with defaults filled in. */
export type ResolvedServerOptions = z.output<typeof serverOptionsSchema>

/** Validates server options; throws `OptionsValidationError` naming the first bad option. */
export function parseServerOptions(input: LatchkeyServerOptions = {}): ResolvedServerOptions {
  const result = serverOptionsSchema.safeParse(input, { reportInput: true })
  if (result.success) return result.data
  const [first] = result.error.issues
  if (!first) return serverOptionsSchema.parse(input)
  throw toOptionsValidationError(first)
}
