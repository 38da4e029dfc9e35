import { z } from 'zod'

const minute = 60_000

/**
 * Passkeys (server/API.md "Passkeys"): the relying party is the wallet origin, where the frame
 * runs. Every field has a default, so `{}` (or no option at all) turns passkeys on.
 */
export const passkeyOptionsSchema = z
  .object({
    /**
     * The wallet origin the frame is served from, as browsers report it in `clientDataJSON`.
     * @default the origin of `publicUrl` (of the listening address when none)
     */
    origin: z.url().optional(),
    /** @default the host name of `origin` */
    rpId: z
      .string()
      .regex(/^[a-z0-9.-]{1,253}$/, 'Expected a host name.')
      .optional(),
    /** Shown by the browser when a passkey is made. @default 'Latchkey wallet' */
    rpName: z.string().min(1).max(64).default('Latchkey wallet'),
    /** How long a challenge can be answered. @default 120_000 (2 minutes) */
    challengeTtlMs: z
      .number()
      .int()
      .min(10_000)
      .max(10 * minute)
      .default(2 * minute),
    /** Sign-in challenges per client address (IPv6: per /64). @default 30 per 10 minutes */
    challengesPerAddress: z
      .object({ limit: z.number().int().positive(), windowMs: z.number().int().positive() })
      .strict()
      .default({ limit: 30, windowMs: 10 * minute }),
  })
  .strict()
