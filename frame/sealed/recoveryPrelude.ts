import type { ApprovalPrelude } from '../createApprovalQueue'
import type { SealedCustody } from './createSealedCustody'
import { renderRecoveryPassword } from './renderRecoveryPassword'
import type { SealedStatus } from './sealedReplies'

/** A wallet the frame signs for: sealed, or a `server` wallet of a sealed project (upgraded first). */
export type FrameSignedStatus =
  | (SealedStatus & { custody: 'sealed' })
  | (SealedStatus & { custody: 'server'; mode: 'sealed' })

/** Whether the frame signs for the wallet of `status` (see {@link FrameSignedStatus}). */
export function isFrameSigned(status: SealedStatus | undefined): status is FrameSignedStatus {
  return status?.custody === 'sealed' || (status?.custody === 'server' && status.mode === 'sealed')
}

/**
 * The screen a sealed wallet needs before its approval on this device, if any: its recovery
 * password set (a new wallet, or a `server` wallet being upgraded to sealed), or typed to unlock
 * a device without its share.
 */
export async function recoveryPrelude(
  custody: SealedCustody,
  status: FrameSignedStatus,
  /** A recovery share sealed by a passkey (frame/passkey/): its step, or undefined for a password. */
  byPasskey?: () => Promise<ApprovalPrelude | 'unlocked' | undefined>,
): Promise<ApprovalPrelude | undefined> {
  const need = status.custody === 'server' ? 'upgrade' : await custody.need(status)
  if (need === 'ready') return undefined
  const passkey = need === 'enter-password' ? await byPasskey?.() : undefined
  if (passkey) return passkey === 'unlocked' ? undefined : passkey
  return (root, done, cancel) =>
    renderRecoveryPassword({
      root,
      mode: need === 'enter-password' ? 'enter' : need === 'upgrade' ? 'upgrade' : 'set',
      onSubmit: async (password) => {
        await (need === 'upgrade' ? custody.upgrade(password) : custody.unlock(password))
        done()
      },
      onCancel: cancel,
    })
}
