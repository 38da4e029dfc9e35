import { BaseError } from '../../src/errors/base'
import { element } from '../element'

/** A passkey as GET /v1/passkeys lists it. */
export type ListedPasskey = {
  credentialId: string
  prf: boolean
  createdAt: number
  usedAt: number | null
  /** Its PRF output seals the sealed wallet's recovery share. */
  sealsRecovery: boolean
}

/** Parameters of {@link renderPasskeyList}. */
export type RenderPasskeyListParameters = {
  root: HTMLElement
  passkeys: readonly ListedPasskey[]
  /** Removes one (after the visitor confirmed); rejects with an error to show. */
  onRemove(passkey: ListedPasskey): Promise<void>
  onDone(): void
}

const date = (ms: number) =>
  new Date(ms).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' })

const describe = (passkey: ListedPasskey) =>
  `Added ${date(passkey.createdAt)} · ${passkey.usedAt ? `last used ${date(passkey.usedAt)}` : 'never used to sign in'}`

function button(text: string, className: string, label?: string) {
  const made = element('button', className, text)
  made.type = 'button'
  if (label) made.setAttribute('aria-label', label)
  return made
}

/**
 * The frame's list of the account's passkeys (wallet origin): each with when it was added and
 * last used, and a Remove that asks once more in place before it calls `onRemove`. Returns the
 * function that removes the screen.
 */
export function renderPasskeyList(parameters: RenderPasskeyListParameters): () => void {
  const { root, passkeys } = parameters
  const screen = element('section', 'lk-approval lk-passkey lk-passkey-list')
  screen.dataset.view = 'PasskeyList'
  screen.setAttribute('aria-labelledby', 'lk-passkey-list-title')
  const title = element('h1', 'lk-title', 'Your passkeys')
  title.id = 'lk-passkey-list-title'
  const status = element('p', 'lk-guard-status')
  status.setAttribute('role', 'alert')
  const list = element('ul', 'lk-passkey-items')
  let busy = false
  passkeys.forEach((passkey, index) => {
    const name = `Passkey ${index + 1}`
    const item = element('li', 'lk-passkey-item')
    item.dataset.credentialId = passkey.credentialId
    const text = element('div', 'lk-passkey-item-text')
    text.append(element('strong', undefined, name), element('span', undefined, describe(passkey)))
    if (passkey.sealsRecovery)
      text.append(element('span', 'lk-passkey-badge', 'Unlocks your wallet’s recovery part'))
    const remove = button('Remove', 'lk-passkey-remove', `Remove ${name}`)
    item.append(text, remove)
    remove.addEventListener('click', (event) => {
      if (busy || !event.isTrusted) return
      const confirm = element('div', 'lk-passkey-confirm')
      const keep = button('Keep', 'lk-reject')
      const really = button('Remove', 'lk-approve lk-danger', `Remove ${name} now`)
      confirm.append(
        element(
          'p',
          undefined,
          passkey.sealsRecovery
            ? 'It locks your wallet’s recovery part: choose a recovery password to lock it instead.'
            : 'You will no longer sign in with it.',
        ),
        keep,
        really,
      )
      remove.replaceWith(confirm)
      really.focus()
      keep.addEventListener('click', () => {
        confirm.replaceWith(remove)
        remove.focus()
      })
      really.addEventListener('click', (click) => {
        if (busy || !click.isTrusted) return
        busy = true
        really.disabled = true
        status.textContent = ''
        parameters.onRemove(passkey).then(
          () => {
            busy = false
          },
          (error: unknown) => {
            busy = false
            really.disabled = false
            status.textContent =
              error instanceof BaseError ? error.shortMessage : 'Something went wrong. Try again.'
            confirm.replaceWith(remove)
            remove.focus()
          },
        )
      })
    })
    list.append(item)
  })
  const body = element('div', 'lk-passkey-body lk-passkey-list-body')
  body.append(
    title,
    passkeys.length > 0
      ? list
      : element('p', 'lk-passkey-text', 'No passkeys on this account yet.'),
  )
  const actions = element('div', 'lk-actions')
  const done = button('Done', 'lk-approve')
  actions.append(done)
  screen.append(element('p', 'lk-brand', 'Latchkey wallet'), body, status, actions)
  root.replaceChildren(screen)
  root.dataset.state = 'passkey'
  done.focus()
  done.addEventListener('click', () => {
    if (!busy) parameters.onDone()
  })
  return () => {
    busy = true
    screen.remove()
    root.dataset.state = 'idle'
  }
}
