import { z } from 'zod'
import { socialPresetIds } from './socialPresets'

const minute = 60_000

/** Where a profile field is read in the provider's answer: a dotted path (`data.username`). */
const pathSchema = z.string().regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'Expected a dotted path.')

/** How a userinfo answer (or ID token) maps to the identity's fields. */
const profileMapSchema = z
  .object({
    /** The stable account id (string or number). */
    subject: pathSchema.optional(),
    email: pathSchema.optional(),
    /** A boolean (or `"true"`) saying the provider verified the email. */
    emailVerified: pathSchema.optional(),
    /** What the modal shows as the username. */
    username: pathSchema.optional(),
  })
  .strict()

/** One provider: a preset's fields overridden, or a whole OIDC provider by its issuer. */
const socialProviderOptionsSchema = z
  .object({
    clientId: z.string().min(1),
    /** The client secret (Apple: the client secret JWT you generate with your key). */
    clientSecret: z.string().min(1).optional(),
    /** OIDC issuer; endpoints not given are read from its `/.well-known/openid-configuration`. */
    issuer: z.url().optional(),
    authorizationUrl: z.url().optional(),
    tokenUrl: z.url().optional(),
    userinfoUrl: z.url().optional(),
    jwksUrl: z.url().optional(),
    /** GitHub-style list of the user's emails (`[{ email, primary, verified }]`). */
    emailsUrl: z.url().optional(),
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/))
      .min(1)
      .optional(),
    /** `form_post`: the provider POSTs the answer to the callback (Apple). */
    responseMode: z.enum(['query', 'form_post']).optional(),
    /** How the client authenticates at the token endpoint. */
    tokenAuth: z.enum(['client_secret_post', 'client_secret_basic']).optional(),
    profile: profileMapSchema.optional(),
  })
  .strict()

/** Options of one provider (`social.providers.<id>`). */
export type SocialProviderOptions = z.output<typeof socialProviderOptionsSchema>

/**
 * Social login (server/API.md "Social login"): providers by id. `google`, `github`, `apple`,
 * `facebook`, `x` and `discord` start from their real endpoints; any other id is an OpenID
 * Connect provider and needs `issuer`. Nothing is contacted for a provider not listed.
 */
export const socialOptionsSchema = z
  .object({
    providers: z
      .record(
        z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'Expected a provider id such as google.'),
        socialProviderOptionsSchema,
      )
      .superRefine((providers, context) => {
        for (const [id, provider] of Object.entries(providers))
          if (!socialPresetIds.includes(id) && !provider.issuer)
            context.addIssue({
              code: 'custom',
              path: [id, 'issuer'],
              message: `A provider other than ${socialPresetIds.join(', ')} is an OpenID Connect provider: give its issuer.`,
            })
      }),
    /** The callback URL registered with every provider. @default `<publicUrl>/v1/social/callback` */
    redirectUrl: z.url().optional(),
    /** How long a started login may take, until its connect. @default 600_000 (10 minutes) */
    flowTtlMs: z
      .number()
      .int()
      .positive()
      .default(10 * minute),
    /** Deadline of each call to a provider (discovery, keys, token, userinfo). @default 10_000 */
    timeoutMs: z.number().int().positive().default(10_000),
  })
  .strict()

/** The `social` option with defaults filled in. */
export type SocialOptions = z.output<typeof socialOptionsSchema>
