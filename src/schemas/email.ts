import * as z from 'zod/mini'

/**
 * An email address (SPEC §5): what the modal's email field accepts, what the host sends to the
 * frame and stores, and what the server's request bodies take (after trimming and lower-casing).
 * The one definition of a valid email; every side validates with it.
 * @example emailSchema.safeParse('ada@example.com').success // true
 */
export const emailSchema = z
  .email({ error: 'Email must be a valid email address.' })
  .check(z.maxLength(254))
