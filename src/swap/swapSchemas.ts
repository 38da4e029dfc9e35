import * as z from 'zod/mini'

/** A base-unit amount as a decimal string, read as a bigint. */
export const uintString = z.pipe(
  z.string().check(z.regex(/^\d{1,78}$/)),
  z.transform((value) => BigInt(value)),
)
/** A 20-byte address, any case. */
export const addressString = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  z.transform((value) => value as `0x${string}`),
)
/** Hex bytes. */
export const hexString = z.pipe(
  z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/)),
  z.transform((value) => value as `0x${string}`),
)
/** A gas amount: a decimal string or a number. */
export const gasValue = z.pipe(
  z.union([z.string().check(z.regex(/^\d{1,20}$/)), z.number().check(z.int(), z.nonnegative())]),
  z.transform((value) => BigInt(value)),
)

const permit2Schema = z.object({
  eip712: z.object({
    domain: z.object({
      name: z.string(),
      chainId: z.union([z.number(), z.string()]),
      verifyingContract: addressString,
    }),
    primaryType: z.string(),
    message: z.object({
      permitted: z.object({ token: addressString, amount: uintString }),
      spender: addressString,
      nonce: uintString,
      deadline: uintString,
    }),
  }),
})

/** A 0x Swap API v2 price or quote answer (the fields Latchkey reads). */
export const zeroExAnswerSchema = z.union([
  z.object({ liquidityAvailable: z.literal(false) }),
  z.object({
    liquidityAvailable: z.literal(true),
    buyAmount: uintString,
    sellAmount: uintString,
    buyToken: addressString,
    sellToken: addressString,
    minBuyAmount: uintString,
    allowanceTarget: z.optional(z.nullable(addressString)),
    fees: z.optional(
      z.object({
        integratorFee: z.optional(
          z.nullable(z.object({ amount: uintString, token: addressString })),
        ),
      }),
    ),
    issues: z.optional(
      z.object({
        balance: z.optional(z.nullable(z.object({ actual: uintString, expected: uintString }))),
      }),
    ),
    transaction: z.optional(
      z.object({
        to: addressString,
        data: hexString,
        value: uintString,
        gas: z.optional(z.nullable(gasValue)),
      }),
    ),
    permit2: z.optional(z.nullable(permit2Schema)),
  }),
])

/** A 0x error answer (`{ name, message, data? }`). */
export const zeroExErrorSchema = z.object({ name: z.string(), message: z.optional(z.string()) })

/** A 1inch Swap API v6.0 `/quote` answer. */
export const oneInchQuoteSchema = z.object({ dstAmount: uintString })

/** A 1inch Swap API v6.0 `/swap` answer. */
export const oneInchSwapSchema = z.object({
  dstAmount: uintString,
  tx: z.object({
    from: addressString,
    to: addressString,
    data: hexString,
    value: uintString,
    gas: z.optional(gasValue),
  }),
})

/** A 1inch error answer (`{ statusCode, error, description }`). */
export const oneInchErrorSchema = z.object({ description: z.string() })
