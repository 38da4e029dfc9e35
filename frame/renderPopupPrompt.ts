import type { ApprovalRequest } from '../src/approval/solanaTypes'
import { describeApprovalRequest } from './approvalRequest'
import { element } from './element'
import { openApprovalPopup } from './openApprovalPopup'
import { renderApprovalFrame } from './renderApproval'

/** Parameters of {@link renderPopupPrompt}. */
export type RenderPopupPromptParameters = {
  root: HTMLElement
  request: ApprovalRequest
  origin: string
  dappName: string | undefined
  themeMode(): 'light' | 'dark'
  /** Why the popup: this browser cannot prove visibility, or the app asked for it. */
  reason: 'no-visibility-check' | 'requested' | 'too-small'
  /** The popup opened: the frame now waits for the decision made there. */
  onWaiting(): void
  onApprove(): void
  onReject(): void
}

const texts = {
  'no-visibility-check':
    'This browser cannot confirm that this screen is fully visible, so you review and approve the request in a wallet window.',
  requested: 'You review and approve this request in a wallet window.',
  'too-small':
    'This window is too small to show the whole request, so you review and approve it in a wallet window.',
  waiting: 'Waiting for your decision in the wallet window.',
  blocked: 'The wallet window was blocked. Allow pop-ups for this site, then try again.',
}

/**
 * The frame's screen when approvals happen in the wallet's popup: what is asked and by whom, a
 * "Review in wallet" button that opens the popup inside the visitor's click (harmless if the
 * host hides or covers it: it only opens the wallet's own window), then "Waiting for your
 * decision". Only the popup's decision, taken by the frame from that window, can approve.
 * Returns the function that removes the screen (and closes the popup).
 */
export function renderPopupPrompt(parameters: RenderPopupPromptParameters): () => void {
  const { root, request, origin, dappName } = parameters
  const screen = element('section', 'lk-approval')
  screen.setAttribute('aria-labelledby', 'lk-approval-title')
  screen.dataset.view = 'ApproveInPopup'
  screen.dataset.popup = 'offered'
  const title = element('h1', 'lk-title', describeApprovalRequest(request).title)
  title.id = 'lk-approval-title'
  const text = element('p', 'lk-text lk-text-main', texts[parameters.reason])
  text.setAttribute('role', 'status')
  const {
    heading,
    actions,
    reject,
    action: review,
  } = renderApprovalFrame(title, origin, dappName, {
    className: 'lk-primary',
    label: 'Review in wallet',
  })
  screen.append(...heading, text, actions)
  root.replaceChildren(screen)
  root.dataset.state = 'approval'

  let done = false
  let popup: ReturnType<typeof openApprovalPopup>
  const finish = (outcome: () => void) => {
    if (done) return
    done = true
    popup?.close()
    outcome()
  }

  review.addEventListener('click', (event) => {
    if (!event.isTrusted || done) return
    if (popup) return popup.focus()
    // Synchronously inside the click: the browser allows the popup only here.
    popup = openApprovalPopup({
      request,
      origin,
      dappName,
      themeMode: parameters.themeMode(),
      onDecision: (approved) => finish(approved ? parameters.onApprove : parameters.onReject),
    })
    if (!popup) {
      screen.dataset.popup = 'blocked'
      text.textContent = texts.blocked
      return
    }
    screen.dataset.popup = 'open'
    text.textContent = texts.waiting
    review.textContent = 'Show window'
    parameters.onWaiting()
  })
  reject.addEventListener('click', () => finish(parameters.onReject))

  return () => {
    done = true
    popup?.close()
    screen.remove()
    root.dataset.state = 'idle'
  }
}
