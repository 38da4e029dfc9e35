import { element } from '../element'
import { actionButton, factorScreen } from './screenKit'

/**
 * The recovery codes, shown once (the server keeps only their hashes): each opens one
 * second-factor check when the app and the passkeys are out of reach.
 */
export function renderRecoveryCodes({
  root,
  codes,
  onDone,
}: {
  root: HTMLElement
  codes: readonly string[]
  onDone(): void
}): () => void {
  const parts = factorScreen(root, {
    view: 'RecoveryCodes',
    title: 'Save your recovery codes',
    text: 'Each code works once, when your authenticator app or passkey is out of reach. They are shown only now: keep them somewhere safe.',
  })
  const list = element('ol', 'lk-factors-codes')
  list.dataset.testid = 'recovery-codes'
  for (const code of codes) list.append(element('li', undefined, code))
  const copy = element('button', 'lk-factors-link', 'Copy all')
  copy.type = 'button'
  copy.addEventListener('click', () => {
    navigator.clipboard?.writeText(codes.join('\n')).then(
      () => {
        copy.textContent = 'Copied'
      },
      () => {
        copy.textContent = 'Copy failed: select them instead'
      },
    )
  })
  parts.body.append(list, copy)
  const done = actionButton('I saved them', 'primary')
  done.addEventListener('click', (event) => {
    if (event.isTrusted) onDone()
  })
  parts.actions.append(done)
  done.focus()
  return parts.remove
}
