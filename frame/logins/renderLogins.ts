import { socialProviderName } from '../../src/utils/socialProviderName'
import { element } from '../element'
import { actionButton, factorScreen, onAction } from '../factors/screenKit'
import type { LinkedLogin, LoginsState } from './loginsApi'
import './logins.css'

/** What the screen's buttons start (each runs its own screen or window, then comes back). */
export type LoginsActions = {
  unlink(login: LinkedLogin): Promise<void>
  addEmail(): Promise<void>
  link(provider: string): Promise<void>
  close(): void
}

const nameOf = (login: LinkedLogin) =>
  login.kind === 'email' ? 'Email' : socialProviderName(login.provider)

function describe(login: LinkedLogin): string {
  if (login.kind === 'email') return login.email
  if (login.provider === 'farcaster' && login.userName) return `@${login.userName}`
  return login.userName ?? login.email ?? 'Linked'
}

function item(id: string, title: string, state?: string) {
  const row = element('li', 'lk-factors-item')
  row.dataset.login = id
  const text = element('div', 'lk-factors-item-text')
  text.append(element('span', 'lk-factors-item-title', title))
  if (state) {
    const detail = element('span', 'lk-factors-muted lk-logins-detail', state)
    detail.title = state
    text.append(detail)
  }
  row.append(text)
  return row
}

function button(label: string, action: string, tone?: 'danger') {
  const made = element('button', 'lk-factors-item-action', label)
  made.type = 'button'
  made.dataset.action = action
  if (tone) made.dataset.tone = tone
  return made
}

/**
 * The "Ways to sign in" screen (wallet origin): the email and each provider account that opens
 * this wallet, each with Remove (asked once more in place; never the last one: its button is off
 * and the screen says why), the account's passkeys (managed in Security), and the logins the
 * server offers that are not linked yet. Returns the function that removes the screen.
 */
export function renderLogins({
  root,
  state,
  notice,
  actions,
}: {
  root: HTMLElement
  state: LoginsState
  /** A line to say first (what was just linked or removed, or why it failed). */
  notice?: string | undefined
  actions: LoginsActions
}): () => void {
  const parts = factorScreen(root, {
    view: 'Logins',
    title: 'Ways to sign in',
    text: 'Each of these opens this same wallet.',
  })
  parts.screen.classList.add('lk-logins')
  const { logins } = state
  const last = logins.length === 1
  const list = element('ul', 'lk-factors-list')
  for (const login of logins) {
    const id = login.kind === 'email' ? 'email' : login.provider
    const row = item(id, nameOf(login), describe(login))
    const remove = button('Remove', 'unlink', 'danger')
    if (last) {
      remove.disabled = true
      remove.title = 'Your only way to sign in'
      remove.setAttribute('aria-describedby', 'lk-logins-last')
    }
    remove.addEventListener('click', (event) => {
      if (!event.isTrusted || last) return
      const keep = button('Keep', 'keep')
      const really = button('Remove now', 'confirm-unlink', 'danger')
      really.setAttribute('aria-label', `Remove ${nameOf(login)} now`)
      onAction(really, parts, () => actions.unlink(login))
      keep.addEventListener('click', () => {
        keep.remove()
        really.replaceWith(remove)
        remove.focus()
      })
      remove.replaceWith(keep, really)
      really.focus()
    })
    row.append(remove)
    list.append(row)
  }
  if (state.passkeys > 0)
    list.append(
      item(
        'passkeys',
        'Passkeys',
        `${state.passkeys === 1 ? '1 passkey' : `${state.passkeys} passkeys`} · managed in Security`,
      ),
    )
  parts.body.append(list)
  if (last) {
    const why = element('p', 'lk-factors-muted', 'Your only way to sign in: add another first.')
    why.id = 'lk-logins-last'
    parts.body.append(why)
  }

  const linked = new Set(logins.map((login) => (login.kind === 'email' ? 'email' : login.provider)))
  const offers = [
    ...(linked.has('email') ? [] : ['email']),
    ...state.providers.filter((provider) => !linked.has(provider)),
  ]
  if (offers.length > 0) {
    parts.body.append(
      element('h2', 'lk-factors-item-title lk-logins-heading', 'Add a way to sign in'),
    )
    // Compact: one button each, in a wrapping row (the screen stays short in the modal).
    const more = element('div', 'lk-logins-offers')
    for (const offer of offers) {
      const email = offer === 'email'
      const name = email ? 'Email' : socialProviderName(offer)
      const add = button(`+ ${name}`, 'link')
      add.dataset.login = offer
      add.setAttribute('aria-label', `Add ${email ? 'an email' : name}`)
      onAction(add, parts, () => (email ? actions.addEmail() : actions.link(offer)))
      more.append(add)
    }
    parts.body.append(more)
  }
  if (notice) parts.status.textContent = notice
  const done = actionButton('Done', 'primary')
  done.addEventListener('click', (event) => {
    if (event.isTrusted) actions.close()
  })
  parts.actions.append(done)
  return parts.remove
}
