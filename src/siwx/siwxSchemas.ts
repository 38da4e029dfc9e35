import * as z from 'zod/mini'
import type { CaipNetworkId } from '../networks'
import type { SiwxMessage, SiwxSession } from './types'
import { validateSiwxMessage } from './validateSiwxMessage'

// Trust boundary: sessions read back from storage or from a sign-in server (STYLE.md §8).

const optionalString = z.optional(z.string())

/** A sign-in message's fields, every field checked by `validateSiwxMessage`. */
export const siwxMessageSchema = z.pipe(
  z.object({
    accountAddress: z.string(),
    chainId: z.string(),
    domain: z.string(),
    uri: z.string(),
    version: z.literal('1'),
    nonce: z.string(),
    issuedAt: z.string(),
    statement: optionalString,
    expirationTime: optionalString,
    notBefore: optionalString,
    requestId: optionalString,
    resources: z.optional(z.array(z.string())),
    scheme: optionalString,
  }),
  z.transform((value, context): SiwxMessage => {
    try {
      return validateSiwxMessage({ ...value, chainId: value.chainId as CaipNetworkId })
    } catch (error) {
      context.issues.push({
        code: 'custom',
        message: error instanceof Error ? error.message : 'Invalid',
        input: value,
      })
      return z.NEVER
    }
  }),
)

/** A CACAO container (loosely: kept as given, it is informative). */
const cacaoSchema = z.object({
  h: z.object({ t: z.literal('caip122') }),
  p: z.object({
    domain: z.string(),
    aud: z.string(),
    nonce: z.string(),
    iss: z.string(),
    version: optionalString,
    iat: optionalString,
    nbf: optionalString,
    exp: optionalString,
    statement: optionalString,
    requestId: optionalString,
    resources: z.optional(z.array(z.string())),
  }),
  s: z.object({ t: z.string(), s: z.string(), m: optionalString }),
})

/** A sign-in session (SPEC §3). */
export const siwxSessionSchema: z.ZodMiniType<SiwxSession> = z.object({
  data: siwxMessageSchema,
  message: z.string().check(z.minLength(1), z.maxLength(16_384)),
  signature: z.string().check(z.minLength(1), z.maxLength(65_536)),
  cacao: z.optional(cacaoSchema),
}) as unknown as z.ZodMiniType<SiwxSession>

/** `GET /siwx/nonce` → `{ nonce }`. */
export const siwxNonceResponseSchema = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9]{16,128}$/)),
})

/** `POST /siwx/verify` → `{ session, token? }` (token only for bearer sessions). */
export const siwxVerifyResponseSchema = z.object({
  session: siwxSessionSchema,
  token: z.optional(z.string().check(z.minLength(1))),
})

/** `GET /siwx/session` → `{ session }`, null when signed out. */
export const siwxSessionResponseSchema = z.object({ session: z.nullable(siwxSessionSchema) })

/**
 * Any sign-in endpoint's error answer, `{ error: { name, message, code? } }` (the server's error
 * body): a class name, its short message and, for a rejected message, the verifier's reason.
 */
export const siwxErrorBodySchema = z.object({
  error: z.object({
    name: z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/)),
    message: z.string().check(z.minLength(1), z.maxLength(2_000)),
    code: z.optional(
      z.union([z.string().check(z.regex(/^[A-Z][A-Z0-9_]{0,63}$/)), z.number().check(z.int())]),
    ),
  }),
})
