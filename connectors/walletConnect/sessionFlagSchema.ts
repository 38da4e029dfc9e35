import * as z from 'zod/mini'

// Only the lazily loaded session module imports this: the connector shell is in every page's
// first bundle and must hold no zod (one static zod import there pulls in every zod module the
// app's lazy parts use).

/** What the WalletConnect connector keeps in wagmi's storage to know a session of ours exists. */
export const sessionFlagSchema = z.object({
  topic: z.string().check(z.minLength(1)),
  expiry: z.int().check(z.positive()),
})

/** What the WalletConnect connector keeps in wagmi's storage to know a session of ours exists. */
export type SessionFlag = z.infer<typeof sessionFlagSchema>
