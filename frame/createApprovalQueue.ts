import type { ApprovalRequest } from '../src/approval/solanaTypes'
import { defaultFrameTimeouts } from '../src/frame/defaultFrameTimeouts'
import { describeApprovalRequest } from './approvalRequest'
import { cancelledByApp, FrameReplyError, userRejected } from './FrameReplyError'
import { renderApproval } from './renderApproval'
import { renderPopupPrompt } from './renderPopupPrompt'

/** An approval lasts as long as the host waits for it: the host's approval deadline (5 min). */
const approvalTtlMs = defaultFrameTimeouts.approval

/**
 * A screen shown in the frame before an approval (a sealed wallet's recovery password): it calls
 * `done` to go on to the approval screen or `cancel` to reject; returns its remover.
 */
export type ApprovalPrelude = (
  root: HTMLElement,
  done: () => void,
  cancel: () => void,
) => () => void

type Item = {
  id: string
  request?: ApprovalRequest | undefined
  prelude?: ApprovalPrelude | undefined
  /** A screen of its own (a passkey's), not an approval. */
  screen?: FrameScreen | undefined
  resolve(): void
  reject(error: Error): void
}

/**
 * A screen of its own in the queue (a passkey's): `done` resolves it, `fail` rejects it with
 * `error` (the visitor's no, 4001, when none is given); returns its remover.
 */
export type FrameScreen = (
  root: HTMLElement,
  done: () => void,
  fail: (error?: Error) => void,
) => () => void

/** Where the visitor decides: in the frame, or in the wallet's popup (and why). */
export type ApprovalMode = 'frame' | 'popup' | 'popup-requested'

/** Parameters of {@link createApprovalQueue}. */
export type ApprovalQueueParameters = {
  root: HTMLElement
  origin: string
  dappName(): string | undefined
  /** Decided for each approval when it is shown. */
  mode(): ApprovalMode
  themeMode(): 'light' | 'dark'
  /**
   * Tells the host to show (requested) or hide (settled) the frame; `popup: 'open'` once the
   * decision moved to the wallet's popup (the modal then says it waits).
   */
  notify(type: 'APPROVAL_REQUESTED' | 'APPROVAL_SETTLED', id: string, popup?: 'open'): void
}

/**
 * Approvals shown one at a time inside the frame. `ask` resolves only when the user clicks
 * Approve (see createClickGuard) or approves in the wallet's popup (openApprovalPopup); Reject,
 * a closed popup, a cancel, or no answer within {@link approvalTtlMs}, rejects. No message from
 * the host can approve: nothing but those two paths calls `resolve`.
 */
export function createApprovalQueue(parameters: ApprovalQueueParameters) {
  const queue: Item[] = []
  // Ids the app cancelled before their screen could show (still being read or priced).
  const cancelled = new Set<string>()
  let current: { item: Item; settle(outcome: () => void): void } | undefined

  function showNext() {
    if (current) return
    const item = queue.shift()
    if (!item) return
    parameters.notify('APPROVAL_REQUESTED', item.id)
    let remove = () => {}
    const settle = (outcome: () => void) => {
      if (current?.item !== item) return
      clearTimeout(timer)
      remove()
      current = undefined
      parameters.notify('APPROVAL_SETTLED', item.id)
      outcome()
      showNext()
    }
    current = { item, settle }
    const timer = setTimeout(
      () =>
        settle(() =>
          item.reject(new FrameReplyError({ message: 'The request expired.', code: 4001 })),
        ),
      approvalTtlMs,
    )
    const shared = {
      root: parameters.root,
      origin: parameters.origin,
      dappName: parameters.dappName(),
      onApprove: () => settle(item.resolve),
      onReject: () => settle(() => item.reject(userRejected())),
    }
    const { request } = item
    const promptPopup = (
      request: ApprovalRequest,
      reason: 'no-visibility-check' | 'requested' | 'too-small',
    ) =>
      renderPopupPrompt({
        ...shared,
        request,
        themeMode: parameters.themeMode,
        reason,
        onWaiting: () => parameters.notify('APPROVAL_REQUESTED', item.id, 'open'),
      })
    const showApproval = (request: ApprovalRequest) => {
      const mode = parameters.mode()
      return mode === 'frame'
        ? renderApproval({
            ...shared,
            summary: describeApprovalRequest(request),
            // A frame too small for the whole screen: the wallet's window instead (its choice).
            onUsePopup: () => {
              remove()
              remove = promptPopup(request, 'too-small')
            },
          })
        : promptPopup(request, mode === 'popup' ? 'no-visibility-check' : 'requested')
    }
    if (item.screen || !request) {
      remove =
        item.screen?.(parameters.root, shared.onApprove, (error) =>
          settle(() => item.reject(error ?? userRejected())),
        ) ?? (() => {})
      return
    }
    remove = item.prelude
      ? item.prelude(
          parameters.root,
          () => {
            if (current?.item !== item) return
            remove()
            remove = showApproval(request)
          },
          shared.onReject,
        )
      : showApproval(request)
  }

  return {
    /** Resolves once the user approves request `id` (a canonical request, see src/approval). */
    ask(id: string, request: ApprovalRequest, prelude?: ApprovalPrelude): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        if (cancelled.delete(id)) return reject(cancelledByApp())
        queue.push({ id, request, prelude, resolve, reject })
        showNext()
      })
    },
    /**
     * Shows `screen` (a passkey's) in its turn, with the host told to show the frame as for an
     * approval; resolves when it calls `done`, rejects as an approval does (cancel, expiry).
     */
    present(id: string, screen: FrameScreen): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        if (cancelled.delete(id)) return reject(cancelledByApp())
        queue.push({ id, screen, resolve, reject })
        showNext()
      })
    },
    /**
     * Rejects approval `id` (the app gave up on it): its screen or popup closes and the next one
     * shows. False when it is neither open nor queued (then it is refused when it comes).
     */
    cancel(id: string): boolean {
      const index = queue.findIndex((item) => item.id === id)
      const [queued] = index === -1 ? [] : queue.splice(index, 1)
      if (queued) {
        queued.reject(cancelledByApp())
        return true
      }
      if (current?.item.id !== id) {
        // Not asked yet: refused when it comes (a bounded memory of recent cancels).
        cancelled.add(id)
        if (cancelled.size > 100) cancelled.delete(cancelled.values().next().value as string)
        return false
      }
      const { item, settle } = current
      settle(() => item.reject(cancelledByApp()))
      return true
    },
    /** Rejects the open approval and every queued one with `error` (e.g. the chain is switching). */
    cancelAll(error: () => FrameReplyError): number {
      const items = queue.splice(0)
      let count = items.length
      for (const item of items) item.reject(error())
      if (current) {
        count++
        const { item, settle } = current
        // Nothing queued is left to show after it.
        settle(() => item.reject(error()))
      }
      return count
    },
    get pending() {
      return queue.length + (current ? 1 : 0)
    },
  }
}
