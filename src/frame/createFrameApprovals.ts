import type { FrameRequestType } from '../schemas/frameRequests'
import { rpcMethodNeedsApproval } from '../schemas/frameRpc'
import type { FrameEvents } from './createFrameEvents'
import { getRpcMethod } from './frameTimeouts'

/** How an approval ended, once its request settled. */
export type FrameApprovalOutcome = 'approved' | 'rejected' | 'failed'

/**
 * Screens of their own (passkeys, an import, the security screens) shown in the frame like approvals, by the name the
 * `approval` event gives them.
 */
const passkeySteps: Partial<Record<FrameRequestType, string>> = {
  CONNECT_PASSKEY: 'passkey_login',
  REGISTER_PASSKEY: 'passkey_register',
  MANAGE_PASSKEYS: 'passkey_manage',
  IMPORT_WALLET: 'wallet_import',
  OPEN_SECURITY: 'security',
  SETUP_RECOVERY: 'recovery_setup',
  OPEN_LOGINS: 'logins',
  // Only when the project's policy wants a second factor before the codes go out.
  UPDATE_EMAIL: 'email_change',
}

/** The method an approval event names: the RPC method, or the passkey step. */
const methodOf = (entry: ApprovalRequest) =>
  passkeySteps[entry.type] ?? String(getRpcMethod((entry.message as { payload?: unknown }).payload))

/** What the tracker reads of a pending request. */
type ApprovalRequest = {
  id: string
  type: FrameRequestType
  message: unknown
  phase: 'queued' | 'sent'
}

/**
 * Tracks the RPC requests whose approval screen the frame showed, until the request itself
 * settles (a helper of `createFrameRequests`).
 */
export function createFrameApprovals({
  get,
  emit,
  cancel,
}: {
  /** The pending request with this id, if any. */
  get(id: string): ApprovalRequest | undefined
  emit: FrameEvents['emit']
  /** Tells the frame to close the approval of a request the app gave up on (CANCEL_APPROVAL). */
  cancel(id: string): void
}) {
  const approvals = new Map<string, { method: string; pending: boolean; popup?: 'open' }>()

  return {
    /**
     * APPROVAL_REQUESTED / APPROVAL_SETTLED name a sent RPC request of ours; anything else is
     * dropped. A second APPROVAL_REQUESTED with `popup: 'open'` says the decision moved to the popup.
     */
    onEvent(type: 'APPROVAL_REQUESTED' | 'APPROVAL_SETTLED', id: string, popup?: 'open') {
      const entry = get(id)
      if (entry?.phase !== 'sent' || (entry.type !== 'RPC_REQUEST' && !passkeySteps[entry.type]))
        return
      const known = approvals.get(id)
      const pendingNow = type === 'APPROVAL_REQUESTED'
      const popupNow = pendingNow ? popup : undefined
      if (known?.pending === pendingNow && known.popup === popupNow) return
      if (!known && !pendingNow) return
      const method = methodOf(entry)
      approvals.set(id, { method, pending: pendingNow, ...(popupNow ? { popup: popupNow } : {}) })
      emit('approval', {
        id,
        method,
        pending: pendingNow,
        ...(popupNow ? { popup: popupNow } : {}),
      })
    },
    /**
     * The approval screen of a request that settled is gone, whatever the frame said last. When
     * a sent request that needs a click ended here (aborted, timed out) while the frame still
     * showed its approval, or before the frame showed it (queued behind another one, still being
     * read), the frame is told to close it or never show it (plan A10), so a stale screen or
     * popup can never approve later and nothing waits behind it.
     */
    end(entry: ApprovalRequest, outcome: FrameApprovalOutcome, answered: boolean) {
      const approval = approvals.get(entry.id)
      const undecided = approval
        ? approval.pending
        : passkeySteps[entry.type] !== undefined ||
          (entry.type === 'RPC_REQUEST' &&
            rpcMethodNeedsApproval(getRpcMethod((entry.message as { payload?: unknown }).payload)))
      if (!answered && entry.phase === 'sent' && undecided) cancel(entry.id)
      if (!approval) return
      approvals.delete(entry.id)
      emit('approval', { id: entry.id, method: approval.method, pending: false, outcome })
    },
  }
}
