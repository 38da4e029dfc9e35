import { createClickGuard } from './createClickGuard'
import type { ApprovalSummary } from './describeApproval'
import { renderApprovalDetails } from './renderApprovalDetails'

/** What the approval screen needs: the summary, who asks, and the two outcomes. */
export type RenderApprovalParameters = {
  root: HTMLElement
  summary: ApprovalSummary
  /** The parent origin the frame locked onto (trustworthy, unlike the dapp's name). */
  origin: string
  dappName: string | undefined
  onApprove(): void
  onReject(): void
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  // Untrusted strings (messages, dapp names) are text, never markup.
  if (text !== undefined) node.textContent = text
  return node
}

/** Draws the approval screen into `root`; returns the function that removes it. */
export function renderApproval(parameters: RenderApprovalParameters): () => void {
  const { root, summary, origin, dappName } = parameters
  const screen = element('section', 'lk-approval')
  screen.setAttribute('aria-labelledby', 'lk-approval-title')
  screen.dataset.view = 'ApproveTransaction'
  const title = element('h1', 'lk-title', summary.title)
  title.id = 'lk-approval-title'
  const from = element('p', 'lk-origin', dappName ? `${dappName} (${origin})` : origin)
  const details = renderApprovalDetails(summary)
  const actions = element('div', 'lk-actions')
  const reject = element('button', 'lk-reject', 'Reject')
  reject.type = 'button'
  const approve = element('button', 'lk-approve', 'Approve')
  approve.type = 'button'
  actions.append(reject, approve)
  screen.append(title, from, details, actions)
  root.replaceChildren(screen)
  root.dataset.state = 'approval'

  let done = false
  const finish = (outcome: () => void) => {
    if (done) return
    done = true
    stopGuard()
    outcome()
  }
  const stopGuard = createClickGuard(approve, () => finish(parameters.onApprove))
  reject.addEventListener('click', () => finish(parameters.onReject))
  return () => {
    done = true
    stopGuard()
    screen.remove()
    root.dataset.state = 'idle'
  }
}
