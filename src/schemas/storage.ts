import * as z from 'zod/mini'
import { chainNamespaces } from '../networks'
import { isCaipNetworkId } from '../utils/caip'
import { isSafeDeepLinkUrl, isSafeImageUrl } from '../utils/url'

// Every schema is built inside a `/* @__PURE__ */` call: `latchkey/react`'s chunks reach this
// module (the Recent group's helpers share a chunk with it), and a bundler keeps any top-level
// call it cannot prove pure, which would put zod in the app's first bundle unused.

/** A chain namespace read back from storage. */
export const chainNamespaceSchema = /* @__PURE__ */ (() => z.enum(chainNamespaces))()

/** A wallet remembered in the Recent group. */
export const recentWalletSchema = /* @__PURE__ */ (() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    icon: z.optional(z.string().check(z.refine(isSafeImageUrl))),
    rdns: z.optional(z.string().check(z.minLength(1))),
  }))()

/** A wallet remembered in the Recent group. */
export type RecentWallet = z.infer<typeof recentWalletSchema>

/** Most wallets the Recent group keeps (SPEC §9). */
export const maxRecentWallets = 2

/** Schemas of every value Latchkey keeps in storage, by key; values failing them are dropped. */
export const storageSchemas = /* @__PURE__ */ (() =>
  ({
    activeNamespace: chainNamespaceSchema,
    activeCaipNetworkId: z.string().check(z.refine(isCaipNetworkId)),
    connectedConnectorIds: z.partialRecord(chainNamespaceSchema, z.string().check(z.minLength(1))),
    recentWallets: z.array(recentWalletSchema).check(z.maxLength(maxRecentWallets)),
    // Reserved for WalletConnect: the deep link the visitor last chose on mobile.
    deepLinkChoice: z.object({
      href: z.string().check(z.refine(isSafeDeepLinkUrl)),
      name: z.string(),
    }),
  }) as const)()

/** A key Latchkey stores a value under. */
export type StorageKey = keyof typeof storageSchemas

/** The value type stored under each key. */
export type StorageValues = { [K in StorageKey]: z.output<(typeof storageSchemas)[K]> }
