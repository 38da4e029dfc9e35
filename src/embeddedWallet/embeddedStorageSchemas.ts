import * as z from 'zod/mini'

// Loaded with `import()` by the store only when a stored value is present or one is written:
// the connector shell that owns the store is in every page's first bundle and must hold no zod.
const positiveInt = z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER))

// What the host keeps about the embedded wallet (SPEC §3 "Stored locally"). Never a session
// token, key or code: the frame keeps its session on its own origin.

/** Schemas of the values the embedded wallet keeps on the host, by key; failing values are dropped. */
export const embeddedStorageSchemas = {
  /** An email login succeeded on this browser: create the frame at once on the next visit. */
  'latchkey.embedded.loginUsed': z.literal(true),
  /** The login email, shown on Account. */
  'latchkey.embedded.email': z.email().check(z.maxLength(254)),
  /** When the last email login was triggered (ms since epoch), for the 30 s cooldown. */
  'latchkey.embedded.lastEmailLoginAt': z.number().check(z.int(), z.nonnegative()),
  /** The last chain the wallet used; `eth_chainId` is answered from it. */
  'latchkey.embedded.chainId': positiveInt,
  /** Chain ids with smart accounts enabled (SPEC §3: a list of numeric chain ids). */
  'latchkey.embedded.smartAccountNetworks': z.array(positiveInt).check(z.maxLength(1024)),
  /** The account type the visitor prefers (SPEC §4 "Preferred account type"). */
  'latchkey.embedded.preferredAccountType': z.enum(['eoa', 'smartAccount']),
} as const

/** A key the embedded wallet stores a value under. */
export type EmbeddedStorageKey = keyof typeof embeddedStorageSchemas

/** The value type stored under each key. */
export type EmbeddedStorageValues = {
  [K in EmbeddedStorageKey]: z.output<(typeof embeddedStorageSchemas)[K]>
}

/** The value parsed with the key's schema, or `{ success: false }` when it does not match. */
export function parseEmbeddedValue<K extends EmbeddedStorageKey>(
  key: K,
  value: unknown,
): { success: true; data: EmbeddedStorageValues[K] } | { success: false } {
  const result = embeddedStorageSchemas[key].safeParse(value)
  return result.success
    ? { success: true, data: result.data as EmbeddedStorageValues[K] }
    : { success: false }
}
