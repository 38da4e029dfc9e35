import type { createApprovalQueue } from '../createApprovalQueue'
import type { FrameSession } from '../createFrameSession'
import { FrameReplyError } from '../FrameReplyError'
import type { SealedCustody } from './createSealedCustody'
import { renderRecoveryPassword } from './renderRecoveryPassword'

/** SETUP_RECOVERY's answer: `none` (no sealed wallet), `set`, or `missing` (not set yet). */
export type RecoveryState = 'none' | 'set' | 'missing'

const isCancel = (error: unknown) => error instanceof FrameReplyError && error.code === 4001

/**
 * A sealed wallet's recovery setup right after its first login (SETUP_RECOVERY): until the
 * recovery password is set, the wallet has two shares only (device and server), and a lost
 * device share would lose it. With `ask`, the "Protect your wallet" screen shows in the queue
 * like an approval; the password seals the recovery share as at a first approval (a new split,
 * `custody.unlock`). Skipped, it answers `missing`: the modal offers it again, and the first
 * approval still asks.
 */
export function createRecoverySetup({
  custody,
  approvals,
  session,
}: {
  custody: SealedCustody
  approvals: Pick<ReturnType<typeof createApprovalQueue>, 'present'>
  session: Pick<FrameSession, 'token'>
}) {
  return async function setUpRecovery(
    id: string,
    ask: boolean,
  ): Promise<{ recovery: RecoveryState }> {
    if (!session.token) throw new FrameReplyError({ message: 'Sign in first.' })
    const status = await custody.status()
    if (status.custody !== 'sealed') return { recovery: 'none' }
    if (status.recovery) return { recovery: 'set' }
    // Without its share (and no recovery share), this device cannot split the key again.
    if (!ask || (await custody.need(status)) !== 'set-password') return { recovery: 'missing' }
    try {
      await approvals.present(id, (root, done, fail) =>
        renderRecoveryPassword({
          root,
          mode: 'setup',
          onSubmit: async (password) => {
            await custody.unlock(password)
            done()
          },
          onCancel: () => fail(),
        }),
      )
    } catch (error) {
      if (isCancel(error)) return { recovery: 'missing' }
      throw error
    }
    return { recovery: 'set' }
  }
}

/** The frame's SETUP_RECOVERY handler. */
export type RecoverySetup = ReturnType<typeof createRecoverySetup>
