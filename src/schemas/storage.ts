import * as z from 'zod/mini'
import { chainNamespaces } from '../networks'
import { maxRecentWallets } from '../storage/maxRecentWallets'
import { isCaipNetworkId } from '../utils/caip'
import { isSafeDeepLinkUrl, isSafeImageUrl } from '../utils/url'

/** A chain namespace read back from storage. */
export const chainNamespaceSchema = z.enum(chainNamespaces)

/** A wallet remembered in the Recent group. */
export const recentWalletSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  icon: z.optional(z.string().check(z.refine(isSafeImageUrl))),
  rdns: z.optional(z.string().check(z.minLength(1))),
})

/** A wallet remembered in the Recent group. */
export type RecentWallet = z.infer<typeof recentWalletSchema>

export { maxRecentWallets }

/** Schemas of every value Latchkey keeps in storage, by key; values failing them are dropped. */
export const storageSchemas = {
  activeNamespace: chainNamespaceSchema,
  activeCaipNetworkId: z.string().check(z.refine(isCaipNetworkId)),
  connectedConnectorIds: z.partialRecord(chainNamespaceSchema, z.string().check(z.minLength(1))),
  recentWallets: z.array(recentWalletSchema).check(z.maxLength(maxRecentWallets)),
  // Reserved for WalletConnect: the deep link the visitor last chose on mobile.
  deepLinkChoice: z.object({
    href: z.string().check(z.refine(isSafeDeepLinkUrl)),
    name: z.string(),
  }),
} as const

/** A key Latchkey stores a value under. */
export type StorageKey = keyof typeof storageSchemas

/** The value type stored under each key. */
export type StorageValues = { [K in StorageKey]: z.output<(typeof storageSchemas)[K]> }
