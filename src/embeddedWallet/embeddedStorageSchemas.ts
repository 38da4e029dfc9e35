import * as z from 'zod/mini'
import { emailSchema } from '../schemas/email'
import { socialProviderIdSchema } from '../schemas/frameValues'

const positiveInt = z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER))

// What the host keeps about the embedded wallet (SPEC §3 "Stored locally"). Never a session
// token, key or code: the frame keeps its session on its own origin.

/** Schemas of the values the embedded wallet keeps on the host, by key; failing values are dropped. */
export const embeddedStorageSchemas = {
  /** An email login succeeded on this browser: create the frame at once on the next visit. */
  'latchkey.embedded.loginUsed': z.literal(true),
  /** The login email, shown on Account. */
  'latchkey.embedded.email': emailSchema,
  /** The social provider of the login (SPEC §3 "Stored locally": social provider and username). */
  'latchkey.embedded.socialProvider': socialProviderIdSchema,
  /** The username the social provider reported, shown on Account. */
  'latchkey.embedded.socialUserName': z.string().check(z.maxLength(256)),
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
