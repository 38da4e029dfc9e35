import { BaseError } from '../../src/errors/base'
import { element } from '../element'
import './passkey.css'

/** Which passkey screen: sign in, make one, or open the recovery share on a new device. */
export type PasskeyScreenMode = 'login' | 'register' | 'unlock'

/** Parameters of {@link renderPasskeyScreen}. */
export type RenderPasskeyScreenParameters = {
  root: HTMLElement
  mode: PasskeyScreenMode
  /** Runs the browser's passkey prompt (inside the click); rejects with a message to show. */
  onContinue(): Promise<void>
  onCancel(): void
}

const copy = {
  login: {
    view: 'PasskeyLogin',
    title: 'Sign in with a passkey',
    text: 'Use the passkey you saved for this wallet. Your browser or phone asks you to confirm it is you.',
    points: ['No code, no password', 'Works only on this wallet’s site'],
    action: 'Continue with passkey',
  },
  register: {
    view: 'PasskeyRegister',
    title: 'Create a passkey',
    text: 'Sign in next time with your fingerprint, face or screen lock instead of an email code.',
    points: [
      'Kept by your device or password manager',
      'Where your device supports it, it also locks your wallet’s recovery part: no password to remember',
    ],
    action: 'Create passkey',
  },
  unlock: {
    view: 'PasskeyUnlock',
    title: 'Unlock with your passkey',
    text: 'This device does not have its part of your wallet yet. Your passkey unlocks the recovery part.',
    points: ['Nothing leaves this wallet page', 'This device gets its own part afterwards'],
    action: 'Use passkey',
  },
} as const

const svg = 'http://www.w3.org/2000/svg'

/** The passkey mark: a person and a key, drawn with strokes in the accent colour. */
function passkeyIcon(): SVGSVGElement {
  const icon = document.createElementNS(svg, 'svg')
  icon.setAttribute('viewBox', '0 0 24 24')
  icon.setAttribute('aria-hidden', 'true')
  icon.classList.add('lk-passkey-icon')
  for (const d of [
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z',
    'M2 21v-1a6 6 0 0 1 9.5-4.9',
    'M18 12.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z',
    'M18 17.5V22l1.5-1.2L18 19.6',
  ]) {
    const path = document.createElementNS(svg, 'path')
    path.setAttribute('d', d)
    icon.append(path)
  }
  return icon
}

/** The message a failed prompt shows: the error's short sentence (no version or docs lines). */
const messageOf = (error: unknown) =>
  error instanceof BaseError ? error.shortMessage : 'Something went wrong. Try again.'

/**
 * A passkey screen of the frame (wallet origin): the browser's prompt must start from a click
 * inside the frame (a cross-origin iframe gets no passkey prompt otherwise), so each step is a
 * screen with its button. Returns the function that removes it.
 */
export function renderPasskeyScreen(parameters: RenderPasskeyScreenParameters): () => void {
  const { root, mode } = parameters
  const text = copy[mode]
  const screen = element('section', 'lk-approval lk-passkey')
  screen.setAttribute('aria-labelledby', 'lk-passkey-title')
  screen.dataset.view = text.view
  const title = element('h1', 'lk-title', text.title)
  title.id = 'lk-passkey-title'
  const hero = element('div', 'lk-passkey-hero')
  hero.append(passkeyIcon())
  const points = element('ul', 'lk-passkey-points')
  for (const point of text.points) points.append(element('li', undefined, point))
  const status = element('p', 'lk-guard-status')
  status.setAttribute('role', 'alert')
  const actions = element('div', 'lk-actions')
  const cancel = element('button', 'lk-reject', 'Cancel')
  cancel.type = 'button'
  const submit = element('button', 'lk-approve', text.action)
  submit.type = 'button'
  actions.append(cancel, submit)
  const body = element('div', 'lk-passkey-body')
  body.append(hero, title, element('p', 'lk-passkey-text', text.text), points)
  screen.append(element('p', 'lk-brand', 'Latchkey wallet'), body, status, actions)
  root.replaceChildren(screen)
  root.dataset.state = 'passkey'
  submit.focus()

  let busy = false
  submit.addEventListener('click', (event) => {
    if (busy || !event.isTrusted) return
    busy = true
    submit.disabled = true
    status.textContent = ''
    screen.setAttribute('aria-busy', 'true')
    parameters.onContinue().then(
      () => screen.removeAttribute('aria-busy'),
      (error: unknown) => {
        busy = false
        submit.disabled = false
        screen.removeAttribute('aria-busy')
        status.textContent = messageOf(error)
        submit.focus()
      },
    )
  })
  cancel.addEventListener('click', () => {
    if (!busy) parameters.onCancel()
  })
  return () => {
    busy = true
    screen.remove()
    root.dataset.state = 'idle'
  }
}
