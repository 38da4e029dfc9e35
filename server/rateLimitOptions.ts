import { z } from 'zod'

const minute = 60_000

/** One limit: so many hits per window. */
const rateLimitSchema = z
  .object({
    /** Hits allowed per window. */
    limit: z.number().int().positive(),
    /** Window length in ms. */
    windowMs: z.number().int().positive(),
  })
  .strict()

/** The server's rate limits (`rateLimits` of `createLatchkeyServer`); every field has a default. */
export const rateLimitOptionsSchema = z
  .object({
    /** Codes mailed per email to one device (email and device id). @default 5 per 10 minutes */
    codesPerEmail: rateLimitSchema.default({ limit: 5, windowMs: 10 * minute }),
    /**
     * Codes mailed per email to all devices not yet verified for it together: the cap on
     * mail-bombing an address (a verified device is held only by `codesPerEmail`, so its
     * owner still gets codes while strangers hit this cap). @default 30 per hour
     */
    codesPerEmailAllDevices: rateLimitSchema.default({ limit: 30, windowMs: 60 * minute }),
    /** @default 20 codes per 10 minutes per client address (IPv6: per /64) */
    codesPerAddress: rateLimitSchema.default({ limit: 20, windowMs: 10 * minute }),
    /** @default 30 code checks per 10 minutes per client address (IPv6: per /64) */
    checksPerAddress: rateLimitSchema.default({ limit: 30, windowMs: 10 * minute }),
    /**
     * Wrong codes per email across all its codes (devices not verified for it), and per
     * verified device, before code checks lock for the next `lockoutMs` step; a new code does
     * not reset it. @default 10 per hour
     */
    failedChecksPerEmail: rateLimitSchema.default({ limit: 10, windowMs: 60 * minute }),
    /**
     * Lockout lengths in ms, one step further each time in a row (the last repeats).
     * @default [60_000, 300_000, 900_000, 3_600_000, 14_400_000, 86_400_000] (1 min … 24 h)
     */
    lockoutMs: z
      .array(z.number().int().positive())
      .min(1)
      .default([minute, 5 * minute, 15 * minute, 60 * minute, 240 * minute, 1440 * minute]),
    /** A lockout this long ago no longer escalates the next one. @default 86_400_000 (24 h) */
    lockoutResetMs: z
      .number()
      .int()
      .positive()
      .default(24 * 60 * minute),
    /**
     * Social logins started (POST /social/start) per client address (IPv6: per /64): each
     * one stores a flow until it expires. @default 30 per 10 minutes
     */
    socialStartsPerAddress: rateLimitSchema.default({ limit: 30, windowMs: 10 * minute }),
    /** Analytics events (POST /e) per client address (IPv6: per /64). @default 120 per minute */
    analyticsPerAddress: rateLimitSchema.default({ limit: 120, windowMs: minute }),
    /** Swap quote and build calls (GET /v1/swap/…) per client address. @default 60 per minute */
    swapPerAddress: rateLimitSchema.default({ limit: 60, windowMs: minute }),
    /**
     * On-ramp calls of a page (GET /v1/onramp/options, quotes, sessions; POST sessions) per
     * client address: a purchase in progress polls its status every 2 s. @default 120 per minute
     */
    onrampPerAddress: rateLimitSchema.default({ limit: 120, windowMs: minute }),
  })
  .strict()
  .prefault({})
