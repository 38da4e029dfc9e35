import { z } from 'zod'
import { toOptionsValidationError } from '../src/schemas/toOptionsValidationError'
import type { Logger } from './logger'
import type { Mailer } from './mail/types'
import { siwxOptionsSchema } from './siwx/siwxOptions'
import type { Storage } from './storage/types'

const minute = 60_000

const rateLimitSchema = z
  .object({
    /** Hits allowed per window. */
    limit: z.number().int().positive(),
    /** Window length in ms. */
    windowMs: z.number().int().positive(),
  })
  .strict()

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
    /** Sign-in (SIWX) per projectId (`'*'` for any): `{ domains, uris?, chainIds?, maxAgeMs? }`; none refuses sign-in. */
    siwx: siwxOptionsSchema.optional(),
    /** 32 bytes as hex or base64; none (dev) keeps a key file beside the SQLite database. */
    masterKey: z.string().min(1).optional(),
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
    rateLimits: z
      .object({
        /** @default 5 codes per 10 minutes per email */
        codesPerEmail: rateLimitSchema.default({ limit: 5, windowMs: 10 * minute }),
        /** @default 20 codes per 10 minutes per client address */
        codesPerAddress: rateLimitSchema.default({ limit: 20, windowMs: 10 * minute }),
        /** @default 30 code checks per 10 minutes per client address */
        checksPerAddress: rateLimitSchema.default({ limit: 30, windowMs: 10 * minute }),
      })
      .strict()
      .prefault({}),
    /** Read the client address from `X-Forwarded-For` (behind a trusted proxy). @default false */
    trustProxy: z.boolean().default(false),
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
