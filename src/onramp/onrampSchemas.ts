import * as z from 'zod/mini'
import type { OnrampOptions, OnrampQuote, OnrampSession } from './onrampTypes'

// The answers of `latchkey serve`'s on-ramp routes (server/API.md "Buy with card"), read by the
// modal and the hooks: a trust boundary (STYLE.md §8), so each is parsed, never cast.

const address = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  z.transform((value) => value as `0x${string}`),
)
const hash = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/)),
  z.transform((value) => value as `0x${string}`),
)
const uint = z.pipe(
  z.string().check(z.regex(/^\d{1,78}$/)),
  z.transform((value) => BigInt(value)),
)
const money = z.string().check(z.regex(/^\d{1,12}(\.\d{1,2})?$/))
const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max))
const chainId = z.int().check(z.positive())

/** An `OnrampOptions` answer. */
export const onrampOptionsSchema: z.ZodMiniType<OnrampOptions> = z.object({
  providers: z.array(
    z.object({
      id: text(40),
      name: text(60),
      feeBps: z.int().check(z.minimum(0), z.maximum(10_000)),
      paymentMethods: z.array(text(40)),
    }),
  ),
  fiatCurrencies: z.array(
    z.object({ code: text(8), name: text(60), symbol: text(8), min: money, max: money }),
  ),
  paymentMethods: z.array(text(40)),
  countries: z.array(text(2)),
  country: text(2),
  tokens: z.array(
    z.object({
      chainId,
      address,
      symbol: text(20),
      name: text(60),
      decimals: z.int().check(z.minimum(0), z.maximum(36)),
    }),
  ),
})

const quoteSchema: z.ZodMiniType<OnrampQuote> = z.object({
  provider: text(40),
  providerName: text(60),
  chainId,
  token: address,
  fiatCurrency: text(8),
  fiatAmount: money,
  feeAmount: money,
  feeBps: z.int().check(z.minimum(0), z.maximum(10_000)),
  cryptoAmount: uint,
  paymentMethod: text(40),
})

/** A `{ quotes }` answer: one per provider, best first. */
export const onrampQuotesSchema = z.object({ quotes: z.array(quoteSchema) })

/** An `OnrampSession` as the server answers it. */
export const onrampSessionSchema: z.ZodMiniType<OnrampSession> = z.object({
  id: text(64),
  provider: text(40),
  providerName: text(60),
  status: z.enum(['pending', 'processing', 'completed', 'failed']),
  widgetUrl: z.url({ protocol: /^https?$/ }),
  chainId,
  token: address,
  symbol: text(20),
  decimals: z.int().check(z.minimum(0), z.maximum(36)),
  address,
  fiatCurrency: text(8),
  fiatAmount: money,
  feeAmount: money,
  cryptoAmount: uint,
  txHash: z.optional(hash),
  failureReason: z.optional(text(80)),
  createdAt: z.number(),
  updatedAt: z.number(),
})

/** A `{ session }` answer. */
export const onrampSessionAnswerSchema = z.object({ session: onrampSessionSchema })
