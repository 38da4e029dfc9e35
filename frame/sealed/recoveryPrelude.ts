import type { ApprovalPrelude } from '../createApprovalQueue'
import type { SealedCustody, SealedStatus } from './createSealedCustody'
import { renderRecoveryPassword } from './renderRecoveryPassword'

/**
 * The screen a sealed wallet needs before its approval on this device, if any: its recovery
 * password set (a new wallet), or typed to unlock a device without its share.
 */
export async function recoveryPrelude(
  custody: SealedCustody,
  status: SealedStatus & { custody: 'sealed' },
  /** A recovery share sealed by a passkey (frame/passkey/): its step, or undefined for a password. */
  byPasskey?: () => Promise<ApprovalPrelude | 'unlocked' | undefined>,
): Promise<ApprovalPrelude | undefined> {
  const need = await custody.need(status)
  if (need === 'ready') return undefined
  const passkey = need === 'enter-password' ? await byPasskey?.() : undefined
  if (passkey) return passkey === 'unlocked' ? undefined : passkey
  return (root, done, cancel) =>
    renderRecoveryPassword({
      root,
      mode: need === 'set-password' ? 'set' : 'enter',
      onSubmit: async (password) => {
        await custody.unlock(password)
        done()
      },
      onCancel: cancel,
    })
}
