import { z } from 'zod'
import { deviceIdSchema, factorProofSchema } from '../schemas/api'

/** 256 random bits as base64url, as `randomToken` makes them (a result handle, a secret's hash). */
const token43 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected 43 base64url characters.')

/** An http(s) URL without credentials. */
const pageUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine(
    (value) => !new URL(value).username && !new URL(value).password,
    'Expected no credentials.',
  )

/** POST /v1/social/start */
export const startSocialBody = z
  .object({
    provider: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'Expected a provider id such as google.'),
    deviceId: deviceIdSchema,
    /** The host page's origin, exactly (`https://dapp.example`). */
    origin: pageUrl.refine((value) => new URL(value).origin === value, 'Expected an origin.'),
    projectId: z.string().min(1).max(200).default('*'),
    mode: z.enum(['popup', 'redirect']).default('popup'),
    /** A page of the host's origin that takes the result (redirect mode, or an opener cut off). */
    returnUrl: pageUrl.optional(),
    /** SHA-256 (base64url) of a single-use secret the host keeps. */
    secretHash: token43.optional(),
    /** Link the provider's account to the signed-in user (the request carries its session). */
    link: z.boolean().optional(),
    /** A link's proof of a second factor (`login-method`), where the project's policy wants one. */
    factorProof: factorProofSchema.optional(),
  })
  .strict()
  .refine((body) => !body.returnUrl || new URL(body.returnUrl).origin === body.origin, {
    message: 'returnUrl must be on the origin.',
    path: ['returnUrl'],
  })
  .refine((body) => body.mode !== 'redirect' || (body.returnUrl && body.secretHash), {
    message: 'Redirect mode needs returnUrl and secretHash.',
    path: ['mode'],
  })

/** POST /v1/social/connect */
export const connectSocialBody = z
  .object({
    result: token43,
    deviceId: deviceIdSchema,
    secret: z.string().min(16).max(256).optional(),
    /** The frame's project: its custody mode decides how a new user's wallet is made. */
    projectId: z.string().min(1).max(200).default('*'),
  })
  .strict()

/** The provider's answer on the callback (query, or form body for `form_post`). */
export const socialCallbackParams = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
})
