import { z } from 'zod'

/** Largest POST /e body, in bytes (16 KiB). */
export const maxAnalyticsBodyBytes = 16 * 1024

/** The query of POST /e (SPEC §7: project id, sdk type and sdk version). */
export const analyticsQuerySchema = z.object({
  projectId: z.string().min(1).max(200),
  st: z.string().max(100).optional(),
  sv: z.string().max(100).optional(),
})

/** The body of POST /e (SPEC §7): eventId, url, domain, timestamp and props. */
export const analyticsEventSchema = z.strictObject({
  eventId: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Expected 1–128 letters, digits, _ or -.'),
  url: z
    .string()
    .max(2048)
    .refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'Expected an http(s) URL.',
    ),
  domain: z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Expected a host name.'),
  timestamp: z.number().int().min(0).max(8_640_000_000_000_000),
  /** Event data plus the address (SPEC §7), stored as JSON. */
  props: z.record(z.string(), z.unknown()),
})
