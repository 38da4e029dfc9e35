import { z } from 'zod'
import { chainNamespaces } from '../networks'
import { isCaipNetworkId } from '../utils/caip'
import { isSafeDeepLinkUrl, isSafeImageUrl } from '../utils/url'

/** A chain namespace read back from storage. */
export const chainNamespaceSchema = z.enum(chainNamespaces)

/** A wallet remembered in the Recent group. */
export const recentWalletSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  icon: z.string().refine(isSafeImageUrl).optional(),
  rdns: z.string().min(1).optional(),
})

/** A wallet remembered in the Recent group. */
export type RecentWallet = z.infer<typeof recentWalletSchema>

/** Most wallets the Recent group keeps (SPEC §9). */
export const maxRecentWallets = 2

/** Schemas of every value Latchkey keeps in storage, by key; values failing them are dropped. */
export const storageSchemas = {
  activeNamespace: chainNamespaceSchema,
  activeCaipNetworkId: z.string().refine(isCaipNetworkId),
  connectedConnectorIds: z.partialRecord(chainNamespaceSchema, z.string().min(1)),
  recentWallets: z.array(recentWalletSchema).max(maxRecentWallets),
  // Reserved for WalletConnect: the deep link the visitor last chose on mobile.
  deepLinkChoice: z.object({ href: z.string().refine(isSafeDeepLinkUrl), name: z.string() }),
} as const

/** A key Latchkey stores a value under. */
export type StorageKey = keyof typeof storageSchemas

/** The value type stored under each key. */
export type StorageValues = { [K in StorageKey]: z.output<(typeof storageSchemas)[K]> }
