import { z } from 'zod'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address.')

/** An integrator fee the server puts on every request, whatever the page asked for. */
const feeSchema = z
  .object({
    /** Who receives the fee. */
    recipient: address,
    /** Basis points of the buy amount (1inch takes up to 300). */
    bps: z.number().int().min(1).max(300),
  })
  .strict()

const providerSchema = (defaultUrl: string) =>
  z
    .object({
      /** The provider's API key: sent upstream only, never to a browser. */
      apiKey: z.string().min(1),
      /** @default the provider's public API */
      baseUrl: z.url().default(defaultUrl),
      fee: feeSchema.optional(),
    })
    .strict()

/**
 * The `swap` option: the swap providers whose quote and build calls `latchkey serve` forwards
 * (server/API.md "Swap"), each with the key it adds. A provider left out is not served.
 */
export const swapOptionsSchema = z
  .object({
    /** 0x Swap API v2 (allowance-holder and permit2). */
    zeroEx: providerSchema('https://api.0x.org').optional(),
    /** 1inch Swap API v6.0. */
    oneInch: providerSchema('https://api.1inch.dev').optional(),
    /** How long a price answer (0x `price`, 1inch `quote`) is reused, in ms; 0: never. @default 5_000 */
    priceCacheMs: z.number().int().min(0).max(60_000).default(5_000),
    /** Deadline of one upstream call. @default 10_000 */
    timeoutMs: z.number().int().positive().default(10_000),
  })
  .strict()

/** Resolved `swap` option. */
export type SwapOptions = z.output<typeof swapOptionsSchema>
