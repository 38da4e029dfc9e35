import { z } from 'zod'

const second = 1_000
const minute = 60 * second

const httpUrl = z.url({ protocol: /^https?$/ })

/**
 * Sign In With Farcaster (server/API.md "Farcaster login"): the auth relay the server opens
 * channels on and the Optimism RPC it checks the fid's custody and auth addresses with. Present
 * (even `{}`): on, with the public defaults; absent: off, and nothing is contacted.
 */
export const farcasterOptionsSchema = z
  .object({
    /** The Farcaster auth relay (its `/v1/channel` API). @default 'https://relay.farcaster.xyz' */
    relayUrl: httpUrl.default('https://relay.farcaster.xyz'),
    /** An Optimism (chain 10) JSON-RPC URL: use your own in production. @default 'https://mainnet.optimism.io' */
    rpcUrl: httpUrl.default('https://mainnet.optimism.io'),
    /** How long a started login may take, until the visitor signed. @default 300_000 (5 minutes) */
    flowTtlMs: z
      .number()
      .int()
      .positive()
      .default(5 * minute),
    /** How often the server asks the relay while a connect call waits. @default 1_000 */
    pollIntervalMs: z.number().int().positive().default(second),
    /** How long one connect call waits for the visitor before it answers `pending`. @default 10_000 */
    waitMs: z
      .number()
      .int()
      .nonnegative()
      .default(10 * second),
    /** Deadline of each call to the relay or the RPC. @default 10_000 */
    timeoutMs: z
      .number()
      .int()
      .positive()
      .default(10 * second),
  })
  .strict()

/** The `farcaster` option with defaults filled in. */
export type FarcasterOptions = z.output<typeof farcasterOptionsSchema>
