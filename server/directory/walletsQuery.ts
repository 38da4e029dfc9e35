import { z } from 'zod'
import { caip2Regex, directoryIdRegex } from './registrySchema'

/** Largest `entries` of one page (SPEC §9: search asks for 100). */
export const maxEntries = 100
/** Largest `page`: far beyond any registry, low enough to keep `page × entries` small. */
export const maxPage = 10_000

function integer(name: string, min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d{1,6}$/, `Expected a whole number from ${min} to ${max}.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be from ${min} to ${max}.`)
    .optional()
    .transform((value) => value ?? fallback)
}

function list(item: RegExp, message: string) {
  return z
    .string()
    .max(20_000)
    .optional()
    .transform((value) => (value ?? '').split(',').filter((part) => part !== ''))
    .pipe(z.array(z.string().regex(item, message)).max(500))
}

/** The query of GET /getWallets (SPEC §7); `projectId`, `st` and `sv` are read but not needed. */
export const walletsQuerySchema = z.object({
  projectId: z.string().max(200).optional(),
  st: z.string().max(100).optional(),
  sv: z.string().max(100).optional(),
  /** 1-based. @default 1 */
  page: integer('page', 1, maxPage, 1),
  /** @default 40 (SPEC §9 page size) */
  entries: integer('entries', 1, maxEntries, 40),
  /** Only these wallet ids (comma-separated). */
  include: list(directoryIdRegex, 'Expected wallet ids.'),
  /** Not these wallet ids (comma-separated). */
  exclude: list(directoryIdRegex, 'Expected wallet ids.'),
  /** Part of the name, any case. */
  search: z
    .string()
    .max(100)
    .optional()
    .transform((value) => value?.trim().toLowerCase() ?? ''),
  /** `certified`: certified wallets only; `none`: no badge filter. */
  badge_type: z.enum(['certified', 'none']).optional(),
  /** Wallets on at least one of these CAIP-2 chains (comma-separated). */
  chains: list(caip2Regex, 'Expected CAIP-2 chain ids such as eip155:1.'),
})

/** A checked GET /getWallets query. */
export type WalletsQuery = z.output<typeof walletsQuerySchema>
