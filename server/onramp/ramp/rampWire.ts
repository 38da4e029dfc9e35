import { verify } from 'node:crypto'
import { z } from 'zod'
import type { OnrampStatus } from '../../../src/onramp/onrampTypes'

// Ramp Network's public API as its documentation describes it (docs.ramp.network: "REST API V3
// Reference", "Webhooks") and its MIT-licensed Instant SDK's types: the shapes we read, checked
// at the boundary. Nothing here needs a secret: the host API key is public (it sits in the
// widget's URL), and webhooks are signed with Ramp's private key and checked with its public key.

/**
 * Ramp's published webhook public key (production; an ECDSA secp256k1 key), from
 * docs.ramp.network/webhooks. Its staging key is on the same page.
 */
export const rampProductionWebhookKey = `-----BEGIN PUBLIC KEY-----
MFYwEAYHKoZIzj0CAQYFK4EEAAoDQgAElvxpYOhgdAmI+7oL4mABRAfM5CwLkCbZ
m64ERVKAisSulWFC3oRZom/PeyE2iXPX1ekp9UD1r+51c9TiuIHU4w==
-----END PUBLIC KEY-----`

/** Ramp's chain names of SPEC §9's card-payment chains, by chain id. */
export const rampChains: Readonly<Record<string, number>> = {
  ETH: 1,
  ARBITRUM: 42161,
  MATIC: 137,
  OPTIMISM: 10,
  BASE: 8453,
  AVAX: 43114,
  CELO: 42220,
}

const rampAsset = z.object({
  symbol: z.string().min(1).max(20),
  chain: z.string().min(1).max(40),
  type: z.string().min(1).max(40),
  address: z.string().nullable().optional(),
  name: z.string().min(1).max(80),
  decimals: z.number().int().min(0).max(36),
  enabled: z.boolean().optional(),
  hidden: z.boolean().optional(),
})

/** `GET /host-api/v3/assets?currencyCode=`: what Ramp sells, with the limits in that currency. */
export const rampAssetsSchema = z.object({
  assets: z.array(rampAsset),
  currencyCode: z.string(),
  minPurchaseAmount: z.number(),
  maxPurchaseAmount: z.number(),
})

/** `POST /host-api/v3/onramp/quote/all`: a price per payment method. */
export const rampQuoteSchema = z.object({
  asset: rampAsset,
  CARD_PAYMENT: z
    .object({
      fiatCurrency: z.string(),
      fiatValue: z.number().nonnegative(),
      cryptoAmount: z.string().regex(/^\d+$/),
      appliedFee: z.number().nonnegative(),
    })
    .optional(),
})

/** A purchase (a webhook's `purchase`, or `GET /host-api/purchase/{id}?secret=`). */
export const rampPurchaseSchema = z.object({
  id: z.union([z.string().min(1).max(100), z.number().int()]).transform(String),
  status: z.string().min(1).max(40),
  receiverAddress: z.string(),
  asset: z.object({
    symbol: z.string(),
    chain: z.string().optional(),
    address: z.string().nullable().optional(),
  }),
  finalTxHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .nullable()
    .optional(),
  purchaseViewToken: z.string().min(1).max(200).optional(),
  createdAt: z.string(),
})

/** A `webhookStatusUrl` call's body. */
export const rampWebhookSchema = z.object({
  type: z.enum(['CREATED', 'RELEASED', 'RETURNED', 'ERROR']),
  purchase: rampPurchaseSchema.extend({ purchaseViewToken: z.string().min(1).max(200) }),
})

/** Ramp's error answer: `{ code, message? }`. */
export const rampErrorSchema = z.object({ code: z.string(), message: z.string().optional() })

/** Where a purchase in Ramp's `status` is, for us; `type` RETURNED or ERROR fails it whatever. */
export function rampStatus(status: string, type?: string): OnrampStatus {
  if (type === 'RETURNED' || type === 'ERROR') return 'failed'
  if (status === 'RELEASED') return 'completed'
  if (['PAYMENT_FAILED', 'EXPIRED', 'CANCELLED'].includes(status)) return 'failed'
  if (['PAYMENT_EXECUTED', 'FIAT_RECEIVED', 'FIAT_SENT', 'RELEASING'].includes(status))
    return 'processing'
  return 'pending'
}

/**
 * JSON with every object's keys sorted and no whitespace: the message Ramp signs (it serialises
 * the body with fast-json-stable-stringify; this is our own equivalent for parsed JSON).
 */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stableStringify(item)).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) =>
          `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`,
      )
      .join(',')}}`
  return JSON.stringify(value)
}

/**
 * Whether `signature` (base64 DER, the `X-Body-Signature` header) is `publicKey`'s ECDSA
 * SHA-256 signature of `body` (the parsed raw body) in stable form.
 */
export function isRampSignature(body: unknown, signature: string, publicKey: string): boolean {
  try {
    return verify(
      'sha256',
      Buffer.from(stableStringify(body)),
      publicKey,
      Buffer.from(signature, 'base64'),
    )
  } catch {
    return false
  }
}
