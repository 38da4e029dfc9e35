import type { ApprovalSummary } from './approval/types'
import { createClickGuard, type GuardStatus, minFrameSize } from './createClickGuard'
import { createPopupGuard } from './createPopupGuard'
import { element } from './element'
import { renderApprovalDetails } from './renderApprovalDetails'

/** What the approval screen needs: the summary, who asks, and the two outcomes. */
export type RenderApprovalParameters = {
  root: HTMLElement
  summary: ApprovalSummary
  /** The parent origin the frame locked onto (trustworthy, unlike the dapp's name). */
  origin: string
  dappName: string | undefined
  /** `frame`: the in-frame guard (whole screen visible 500 ms); `popup`: the wallet's own window. */
  guard?: 'frame' | 'popup'
  onApprove(): void
  onReject(): void
  /**
   * Offered while the frame is too small for the whole screen: the visitor moves the decision to
   * the wallet's own window instead of being stuck (the frame then shows the popup prompt).
   */
  onUsePopup?(): void
}

const statusText: Record<GuardStatus, string> = {
  visible: '',
  hidden: '',
  'too-small': `This window is too small to show the whole request (it needs ${minFrameSize.width} × ${minFrameSize.height}). Make it larger, or review it in a wallet window.`,
}

/** The title and the details box of a summary (the part that describes the request). */
export function renderApprovalSummary(summary: ApprovalSummary): {
  title: HTMLElement
  details: HTMLElement
} {
  const title = element('h1', 'lk-title', summary.title)
  const details = renderApprovalDetails(summary)
  details.tabIndex = 0
  details.setAttribute('aria-label', 'Request details')
  return { title, details }
}

/** Who asks: the dapp's name (one line, may be anything) above the origin the frame checked (whole). */
export function renderOrigin(origin: string, dappName: string | undefined): HTMLElement {
  const from = element('p', 'lk-origin')
  if (!dappName) {
    from.append(element('span', 'lk-origin-url', origin))
    return from
  }
  // Reads "name (origin)" as text; shown as the name on one line, the origin whole below it.
  from.append(
    element('span', 'lk-dapp-name', dappName),
    ' ',
    element('span', 'lk-origin-url', `(${origin})`),
  )
  return from
}

/**
 * The parts every approval screen has: the wallet's name, the title and who asks on top, and the
 * Reject button beside the screen's own `primary` button at the bottom.
 */
export function renderApprovalFrame(
  title: HTMLElement,
  origin: string,
  dappName: string | undefined,
  primary: { className: string; label: string },
) {
  const heading = [
    element('p', 'lk-brand', 'Latchkey wallet'),
    title,
    renderOrigin(origin, dappName),
  ]
  const actions = element('div', 'lk-actions')
  const reject = element('button', 'lk-reject', 'Reject')
  reject.type = 'button'
  const action = element('button', primary.className, primary.label)
  action.type = 'button'
  actions.append(reject, action)
  return { heading, actions, reject, action }
}

/** Draws the approval screen into `root`; returns the function that removes it. */
export function renderApproval(parameters: RenderApprovalParameters): () => void {
  const { root, summary, origin, dappName } = parameters
  const screen = element('section', 'lk-approval')
  screen.setAttribute('aria-labelledby', 'lk-approval-title')
  screen.dataset.view = 'ApproveTransaction'
  const { title, details } = renderApprovalSummary(summary)
  title.id = 'lk-approval-title'
  const status = element('p', 'lk-guard-status')
  status.setAttribute('role', 'status')
  const usePopup = element('button', 'lk-link lk-use-popup', 'Review in a wallet window')
  usePopup.type = 'button'
  usePopup.hidden = true
  if (parameters.onUsePopup) {
    const onUsePopup = parameters.onUsePopup
    usePopup.addEventListener('click', (event) => {
      if (event.isTrusted && !done) onUsePopup()
    })
  }
  const {
    heading,
    actions,
    reject,
    action: approve,
  } = renderApprovalFrame(title, origin, dappName, {
    className: 'lk-approve',
    label: 'Approve',
  })
  screen.append(...heading, details, status, usePopup, actions)
  root.replaceChildren(screen)
  root.dataset.state = 'approval'

  let done = false
  const finish = (outcome: () => void) => {
    if (done) return
    done = true
    stopGuard()
    outcome()
  }
  const approveNow = () => finish(parameters.onApprove)
  const stopGuard =
    parameters.guard === 'popup'
      ? createPopupGuard(approve, approveNow)
      : createClickGuard({
          screen,
          button: approve,
          onApprove: approveNow,
          onStatus: (next) => {
            status.textContent = statusText[next]
            screen.dataset.guard = next
            usePopup.hidden = next !== 'too-small' || !parameters.onUsePopup
          },
        })
  reject.addEventListener('click', () => finish(parameters.onReject))
  return () => {
    done = true
    stopGuard()
    screen.remove()
    root.dataset.state = 'idle'
  }
}
