// Browser entry of the approval popup (/frame/approve): a top-level page of the wallet origin,
// opened by the frame inside the visitor's click. It talks only to its opener at its own origin.
import './configureZod'
import { describeApprovalRequest } from './approvalRequest'
import { frameToPopupSchema, type PopupToFrame } from './popupMessages'
import { renderApproval } from './renderApproval'

function refuse(root: HTMLElement, reason: string) {
  root.dataset.state = 'refused'
  root.dataset.reason = reason
  root.textContent = 'This window opens from the wallet when you review a request.'
}

function start(root: HTMLElement) {
  const opener = window.opener as Window | null
  if (!opener || window.top !== window) return refuse(root, 'no-opener')
  const theme = new URLSearchParams(location.search).get('theme')
  if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme
  let nonce: string | undefined
  let decided = false

  const post = (message: PopupToFrame) => {
    try {
      opener.postMessage(message, location.origin)
    } catch {
      // The opener is gone: the frame's request ends with it.
    }
  }

  function decide(approved: boolean) {
    if (decided || !nonce) return
    decided = true
    post({ type: 'LK_POPUP_DECISION', payload: { nonce, approved } })
    root.dataset.state = 'done'
    root.textContent = approved ? 'Approved. You can close this window.' : 'Rejected.'
    window.close()
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.opener || event.origin !== location.origin) return
    const result = frameToPopupSchema.safeParse(event.data)
    if (!result.success) return
    const message = result.data
    if (message.type === 'LK_POPUP_CANCEL') {
      if (message.payload.nonce !== nonce) return
      decided = true
      return window.close()
    }
    // One request per window.
    if (nonce !== undefined) return
    const { request, origin, dappName, themeMode } = message.payload
    nonce = message.payload.nonce
    document.documentElement.dataset.theme = themeMode
    const summary = describeApprovalRequest(request)
    document.title = `${summary.title} · Latchkey wallet`
    renderApproval({
      root,
      summary,
      origin,
      dappName,
      guard: 'popup',
      onApprove: () => decide(true),
      onReject: () => decide(false),
    })
    root.querySelector<HTMLElement>('.lk-approval')?.setAttribute('role', 'dialog')
  })
  // Closed (or navigated away) without a decision: the frame rejects (it also polls `closed`).
  window.addEventListener('pagehide', () => {
    if (!decided) post({ type: 'LK_POPUP_CLOSED', payload: nonce ? { nonce } : {} })
  })
  root.dataset.state = 'waiting'
  post({ type: 'LK_POPUP_READY' })
}

const root = document.getElementById('latchkey-frame')
if (root) start(root)
