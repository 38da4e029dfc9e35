import { z } from 'zod'

const minute = 60_000

// host[:port] as it appears in the message's first line: lower case, no scheme, path or dot at
// the end. The verifier compares it exactly, so a wrong case here would refuse every sign-in.
const domainSchema = z
  .string()
  .regex(
    /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/,
    'Expected a host[:port] like dapp.example (lower case, no scheme or path).',
  )

// A public cluster by name, or any cluster by CAIP-2 id (CAIP-2's reference grammar).
const solanaClusterSchema = z.union([
  z.enum(['mainnet', 'devnet', 'testnet']),
  z
    .string()
    .regex(
      /^solana:[-_a-zA-Z0-9]{1,32}$/,
      'Expected mainnet, devnet, testnet or a CAIP-2 id like solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp.',
    ),
])

/** Sign-in (SIWX) options of one project. */
export const siwxProjectOptionsSchema = z
  .object({
    /** Domains (`host[:port]`) a message may name; each compared exactly. Required. */
    domains: z.array(domainSchema).min(1),
    /**
     * Exact URIs a message may name; none: an https URI on the message's domain.
     */
    uris: z.array(z.string().min(1)).min(1).optional(),
    /** eip155 chain ids accepted; none: the chains with an RPC URL (`chains`). */
    chainIds: z.array(z.number().int().positive()).min(1).optional(),
    /**
     * Solana clusters accepted: `mainnet`, `devnet`, `testnet` or a CAIP-2 id
     * (`solana:<genesis-hash prefix>`, e.g. a local cluster's); none: Solana sign-in is refused.
     */
    solanaClusters: z.array(solanaClusterSchema).min(1).optional(),
    /** Oldest `issuedAt` accepted. @default 600_000 (10 minutes) */
    maxAgeMs: z
      .number()
      .int()
      .positive()
      .default(10 * minute),
    /** Longest session; a message's `expirationTime` ends it sooner. @default 86_400_000 (24 h) */
    sessionTtlMs: z
      .number()
      .int()
      .positive()
      .default(24 * 60 * minute),
    /** How long a nonce stays usable (at most 10 minutes). @default 600_000 */
    nonceTtlMs: z
      .number()
      .int()
      .positive()
      .max(10 * minute)
      .default(10 * minute),
    /**
     * How the session travels: an HttpOnly cookie, a bearer token in the verify answer, or both.
     * @default 'both'
     */
    credentials: z.enum(['cookie', 'bearer', 'both']).default('both'),
  })
  .strict()

/** Sign-in options per projectId (`'*'` for any project); none: sign-in is refused. */
export const siwxOptionsSchema = z.record(z.string().min(1), siwxProjectOptionsSchema)

/** One project's resolved sign-in options. */
export type SiwxProjectOptions = z.output<typeof siwxProjectOptionsSchema>
