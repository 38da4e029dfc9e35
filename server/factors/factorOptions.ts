import { z } from 'zod'

const minute = 60_000

/**
 * The project's second-factor policy (server/API.md "Second factors"). Export always needs a
 * second factor; the rest is chosen here. Every field has a default, so `{}` is the default.
 */
export const secondFactorOptionsSchema = z
  .object({
    /**
     * A transaction whose value (native units, all calls of a batch together) is above this
     * needs a fresh second factor, per chain id with a `'default'` for the others (e.g.
     * `{ default: '0.5', '1': '0.1' }`). Users without a second factor cannot send above it.
     * @default none: no threshold
     */
    signAbove: z
      .record(
        z.string().regex(/^(\d+|default)$/, "Expected a decimal chain id or 'default'."),
        z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, 'Expected a decimal amount such as 0.5.'),
      )
      .optional(),
    /**
     * Token thresholds for the chains with a `signAbove`, keyed `'<chainId>:<token address>'`,
     * in the token's smallest unit (1,000 USDC: `{ '1:0xA0b8…eB48': '1000000000' }`). A
     * transfer, approve, increaseAllowance or permit of more than this, or of any amount of a
     * token not listed, or of an unlimited amount, needs a fresh second factor (docs/security.md
     * "What counts toward the threshold"). @default none: every token move of such a chain asks
     */
    tokenAbove: z
      .record(
        z.string().regex(/^\d+:0x[0-9a-fA-F]{40}$/, "Expected '<chainId>:<token address>'."),
        z.string().regex(/^\d{1,78}$/, "Expected a whole amount in the token's smallest unit."),
      )
      .optional(),
    /**
     * Once the user has a second factor, adding or removing a way to sign in (a passkey, a
     * linked login), changing or adding the email, and importing a wallet need a fresh one (a
     * passkey counts: adding a second passkey asks for the first). `false` turns it off.
     * @default true
     */
    loginMethods: z.boolean().default(true),
    /** How long a proof of a second factor is good for (it counts once). @default 120_000 */
    proofTtlMs: z
      .number()
      .int()
      .min(10_000)
      .max(10 * minute)
      .default(2 * minute),
    /** The issuer authenticator apps show beside the account. @default 'Latchkey wallet' */
    issuer: z.string().min(1).max(64).default('Latchkey wallet'),
  })
  .strict()
