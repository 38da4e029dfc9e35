// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest'
import type { LoginsState } from './loginsApi'
import { renderLogins } from './renderLogins'

/** A click as the visitor's (the screen ignores a script's). */
function press(button: Element | null) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true })
  Object.defineProperty(event, 'isTrusted', { value: true })
  button?.dispatchEvent(event)
}

function show(state: LoginsState) {
  const root = document.createElement('div')
  const actions = {
    unlink: vi.fn(async () => {}),
    addEmail: vi.fn(async () => {}),
    link: vi.fn(async () => {}),
    close: vi.fn(),
  }
  renderLogins({ root, state, actions })
  const row = (id: string) => root.querySelector(`[data-login="${id}"]`)
  const rows = () => [...root.querySelectorAll('li')].map((li) => li.textContent?.trim())
  const offers = () =>
    [...root.querySelectorAll('[data-action="link"]')].map((b) => b.getAttribute('aria-label'))
  const offer = (id: string) => root.querySelector(`[data-action="link"][data-login="${id}"]`)
  return { root, actions, row, rows, offers, offer }
}

describe('the "Ways to sign in" screen', () => {
  test('default: each way in with what it is, the passkeys, and the logins to add; Remove asks once more', async () => {
    const { root, actions, row, rows, offers, offer } = show({
      logins: [
        { kind: 'email', email: 'carol@example.test' },
        { kind: 'social', provider: 'github', userName: 'octo-carol', email: null },
        { kind: 'social', provider: 'farcaster', userName: 'alice', email: null },
      ],
      providers: ['google', 'github', 'farcaster'],
      passkeys: 2,
    })
    expect(root.querySelector('h1')?.textContent).toBe('Ways to sign in')
    expect(rows()).toEqual([
      'Emailcarol@example.testRemove',
      'GitHubocto-carolRemove',
      'Farcaster@aliceRemove',
      'Passkeys2 passkeys · managed in Security',
    ])
    // only what is not linked yet is offered
    expect(offers()).toEqual(['Add Google'])
    expect(root.textContent).not.toContain('only way to sign in')

    press(row('github')?.querySelector('[data-action="unlink"]') ?? null)
    expect(actions.unlink).not.toHaveBeenCalled()
    const confirm = row('github')?.querySelector('[data-action="confirm-unlink"]') ?? null
    expect(confirm?.getAttribute('aria-label')).toBe('Remove GitHub now')
    press(confirm)
    expect(actions.unlink).toHaveBeenCalledWith({
      kind: 'social',
      provider: 'github',
      userName: 'octo-carol',
      email: null,
    })

    // one step at a time: the screen is busy until the removal settled
    await vi.waitFor(() => expect(root.querySelector('[aria-busy]')).toBeNull())
    press(offer('google'))
    expect(actions.link).toHaveBeenCalledWith('google')
  })

  test('behavior: the last way in cannot be removed: its button is off and the screen says why', () => {
    const { root, actions, row, offers, offer } = show({
      logins: [{ kind: 'social', provider: 'google', userName: 'Carol', email: 'c@gmail.test' }],
      providers: ['google', 'farcaster'],
      passkeys: 0,
    })
    const remove = row('google')?.querySelector('button') as HTMLButtonElement
    expect(remove.disabled).toBe(true)
    const why = root.querySelector(`#${remove.getAttribute('aria-describedby')}`)
    expect(why?.textContent).toBe('Your only way to sign in: add another first.')
    press(remove)
    expect(row('google')?.querySelector('[data-action="confirm-unlink"]')).toBeNull()
    expect(actions.unlink).not.toHaveBeenCalled()
    // an email to add (by code), and Farcaster (by QR code)
    expect(offers()).toEqual(['Add an email', 'Add Farcaster'])
    press(offer('email'))
    expect(actions.addEmail).toHaveBeenCalledOnce()
  })

  test('behavior: a script’s click does nothing; a failure is said on the screen', async () => {
    const { root, actions, offer } = show({
      logins: [{ kind: 'email', email: 'd@example.test' }],
      providers: ['github'],
      passkeys: 0,
    })
    const link = offer('github') as HTMLButtonElement
    link.click()
    expect(actions.link).not.toHaveBeenCalled()
    actions.link.mockRejectedValueOnce(new Error('x'))
    press(link)
    await vi.waitFor(() =>
      expect(root.querySelector('[role="alert"]')?.textContent).toBe(
        'Something went wrong. Try again.',
      ),
    )
  })
})
