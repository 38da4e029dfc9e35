import { revealHidden } from './approval/revealHidden'
import type { ApprovalSummary, ApprovalValue, TreeNode } from './approval/types'

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  return node
}

/** Untrusted text as text nodes, each hidden character as a marked ⟨U+XXXX⟩ span (never markup). */
export function revealedText(target: HTMLElement, value: string): HTMLElement {
  for (const part of revealHidden(value)) {
    if ('text' in part) target.append(document.createTextNode(part.text))
    else {
      const mark = element('span', 'lk-hidden-char')
      mark.title = `Hidden character ${part.hidden}`
      mark.textContent = `⟨${part.hidden}⟩`
      target.append(mark)
    }
  }
  return target
}

function tree(nodes: TreeNode[]): HTMLUListElement {
  const list = element('ul', 'lk-tree')
  for (const node of nodes) {
    const item = element('li')
    revealedText(item.appendChild(element('span', 'lk-tree-label')), node.label)
    if (node.value !== undefined)
      revealedText(item.appendChild(element('span', 'lk-tree-value')), node.value)
    if (node.children) item.append(tree(node.children))
    list.append(item)
  }
  return list
}

function value(content: ApprovalValue): HTMLElement {
  const cell = element('dd')
  if (content.kind === 'text') return revealedText(cell, content.text)
  if (content.kind === 'block') {
    // The whole value, in a box that scrolls: never clipped silently.
    cell.className = 'lk-block'
    cell.tabIndex = 0
    return revealedText(cell, content.text)
  }
  cell.className = 'lk-tree-cell'
  cell.append(tree(content.nodes))
  return cell
}

/** The approval screen's details: warnings first, then each section's rows, all as text. */
export function renderApprovalDetails(summary: ApprovalSummary): HTMLElement {
  const details = element('div', 'lk-details')
  if (summary.warnings.length > 0) {
    const warnings = element('ul', 'lk-warnings')
    warnings.setAttribute('role', 'alert')
    for (const warning of summary.warnings)
      revealedText(warnings.appendChild(element('li', 'lk-warning')), warning)
    details.append(warnings)
  }
  for (const section of summary.sections) {
    const group = element('section', 'lk-section')
    if (section.heading)
      revealedText(group.appendChild(element('h2', 'lk-section-title')), section.heading)
    const list = element('dl')
    for (const row of section.rows) {
      const label = revealedText(element('dt'), row.label)
      const cell = value(row.value)
      if (row.value.kind === 'block') label.dataset.block = ''
      list.append(label, cell)
    }
    group.append(list)
    details.append(group)
  }
  return details
}
