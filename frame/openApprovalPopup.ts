import type { ApprovalRequest } from '../src/approval/solanaTypes'
import { approvalPopupPath, type FrameToPopup, popupToFrameSchema } from './popupMessages'

/** How often the frame looks whether the popup was closed (the popup's pagehide message may not come). */
export const popupClosedPollMs = 300

/**
 * How long a popup seen closed still has for its decision to arrive. The popup posts its decision
 * and closes itself at once; the message and the closed state reach the frame on separate paths
 * (the popup is another process), and on a busy machine the closed state can come first.
 */
export const popupClosedGraceMs = 2_000

const size = { width: 440, height: 640 }

/** Parameters of {@link openApprovalPopup}. */
export type OpenApprovalPopupParameters = {
  request: ApprovalRequest
  origin: string
  dappName: string | undefined
  themeMode: 'light' | 'dark'
  /** The visitor's decision in the popup; closing it without one is `false`. Called once. */
  onDecision(approved: boolean): void
}

function features(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - size.width) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - size.height) / 2))
  return `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top}`
}

/**
 * Opens the wallet's approval popup (call it synchronously inside the visitor's click: browsers
 * block popups without one). The popup is a top-level page of the wallet origin; the frame talks
 * only to that window (`event.source` is the very window it opened, `event.origin` its own
 * origin), hands it the request when it says it is ready, and takes its decision. Closing the
 * popup (its pagehide message, or `closed` seen by polling and no decision within
 * {@link popupClosedGraceMs}) counts as a rejection. Returns
 * undefined when the browser blocked the popup, else `focus` and `close` (which cancels).
 */
export function openApprovalPopup(parameters: OpenApprovalPopupParameters) {
  const nonce = crypto.randomUUID()
  // A fresh name: window.open with a name the host chose could reuse a window the host opened.
  const name = `lk-approve-${nonce.replaceAll('-', '')}`
  const url = `${approvalPopupPath}?theme=${parameters.themeMode}`
  const popup = window.open(url, name, features())
  if (!popup) return undefined
  let ended = false
  let grace: ReturnType<typeof setTimeout> | undefined

  const send = (message: FrameToPopup) => {
    try {
      popup.postMessage(message, location.origin)
    } catch {
      // Closed meanwhile: the poll ends it.
    }
  }

  function end(approved: boolean | undefined) {
    if (ended) return
    ended = true
    window.removeEventListener('message', onMessage)
    clearInterval(poll)
    clearTimeout(grace)
    if (approved !== undefined) parameters.onDecision(approved)
  }

  function onMessage(event: MessageEvent) {
    if (event.source !== popup || event.origin !== location.origin) return
    const result = popupToFrameSchema.safeParse(event.data)
    if (!result.success) return
    const message = result.data
    if (message.type === 'LK_POPUP_READY') {
      const { request, origin, dappName, themeMode } = parameters
      return send({
        type: 'LK_POPUP_SHOW',
        payload: { nonce, request, origin, themeMode, ...(dappName ? { dappName } : {}) },
      })
    }
    if (message.payload.nonce !== undefined && message.payload.nonce !== nonce) return
    end(message.type === 'LK_POPUP_DECISION' ? message.payload.approved : false)
  }

  window.addEventListener('message', onMessage)
  const poll = setInterval(() => {
    if (popup.closed && grace === undefined)
      grace = setTimeout(() => end(false), popupClosedGraceMs)
  }, popupClosedPollMs)

  return {
    focus() {
      if (!popup.closed) popup.focus()
    },
    /** Ends the popup without a decision (the approval was cancelled or expired). */
    close() {
      if (ended) return
      end(undefined)
      send({ type: 'LK_POPUP_CANCEL', payload: { nonce } })
      popup.close()
    },
  }
}
