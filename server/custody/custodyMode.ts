import { z } from 'zod'

/**
 * How a project's new wallets are kept (docs/security.md): `server`, the whole key under the
 * master key (the server signs); `sealed`, the key split 2-of-3 in the frame (the server alone
 * cannot sign). A `server` wallet of a project switched to `sealed` is sealed by the frame at its
 * next approval (server/custody/upgradeWallet.ts); a sealed wallet stays sealed.
 */
export const custodyModeSchema = z.enum(['server', 'sealed'])

/** One of {@link custodyModeSchema}'s modes. */
export type CustodyMode = z.infer<typeof custodyModeSchema>

/** One mode for every project, or a mode per projectId (`'*'` for the others, else `server`). */
export const custodyOptionSchema = z.union([
  custodyModeSchema,
  z.record(z.string().min(1).max(200), custodyModeSchema),
])

/** The mode new wallets of `projectId` get. */
export function custodyModeOf(
  option: z.infer<typeof custodyOptionSchema>,
  projectId: string | undefined,
): CustodyMode {
  if (typeof option === 'string') return option
  if (projectId !== undefined && Object.hasOwn(option, projectId))
    return option[projectId] ?? 'server'
  return option['*'] ?? 'server'
}
