import { BaseError } from '../../src/errors/base'
import { element } from '../element'
import './factors.css'

/** A screen of the security flow: its parts, filled by each renderer. */
export type FactorScreen = {
  screen: HTMLElement
  body: HTMLElement
  status: HTMLElement
  actions: HTMLElement
  /** Takes the screen down (the frame hides again once nothing else shows). */
  remove(): void
}

/**
 * The frame of one security screen (wallet origin, the approval screen's fixed palette): brand,
 * title, a short text, a scrolling body, an alert line and the actions row; it replaces what
 * `root` showed. `view` names it for tests (`data-view`).
 */
export function factorScreen(
  root: HTMLElement,
  { view, title, text }: { view: string; title: string; text?: string },
): FactorScreen {
  const screen = element('section', 'lk-approval lk-factors')
  screen.dataset.view = view
  const heading = element('h1', 'lk-title', title)
  heading.id = `lk-${view}-title`
  screen.setAttribute('aria-labelledby', heading.id)
  const body = element('div', 'lk-factors-body')
  const status = element('p', 'lk-guard-status')
  status.setAttribute('role', 'alert')
  const actions = element('div', 'lk-actions')
  screen.append(element('p', 'lk-brand', 'Latchkey wallet'), heading)
  if (text) screen.append(element('p', 'lk-factors-text', text))
  screen.append(body, status, actions)
  root.replaceChildren(screen)
  root.dataset.state = 'security'
  const remove = () => {
    screen.remove()
    if (!root.firstElementChild) root.dataset.state = 'idle'
  }
  return { screen, body, status, actions, remove }
}

/** A button of the actions row (`primary`: the accent one). */
export function actionButton(label: string, kind: 'primary' | 'secondary' = 'secondary') {
  const button = element('button', kind === 'primary' ? 'lk-approve' : 'lk-reject', label)
  button.type = 'button'
  return button
}

/** The short sentence of a failure (no version or docs lines). */
export const messageOf = (error: unknown) =>
  error instanceof BaseError ? error.shortMessage : 'Something went wrong. Try again.'

/**
 * Runs `work` on a trusted click of `button` (never a script's), one at a time: the screen is
 * busy meanwhile and a failure is said in `status` (the screen stays to try again). Returns the
 * handler, for a form's (trusted) submit by Enter too.
 */
export function onAction(
  button: HTMLButtonElement,
  parts: Pick<FactorScreen, 'screen' | 'status'>,
  work: () => Promise<void>,
): (event: Event) => void {
  const run = (event: Event) => {
    event.preventDefault()
    if (!event.isTrusted || parts.screen.getAttribute('aria-busy') === 'true') return
    parts.screen.setAttribute('aria-busy', 'true')
    button.disabled = true
    parts.status.textContent = ''
    work().then(
      () => {
        parts.screen.removeAttribute('aria-busy')
        button.disabled = false
      },
      (error: unknown) => {
        parts.screen.removeAttribute('aria-busy')
        button.disabled = false
        parts.status.textContent = messageOf(error)
      },
    )
  }
  button.addEventListener('click', run)
  return run
}

/** A labelled text input of the screen (one-time codes, recovery codes, a public key). */
export function textField(
  label: string,
  name: string,
  options: { code?: boolean; multiline?: boolean } = {},
) {
  const wrapper = element('div', 'lk-field')
  const input = options.multiline ? element('textarea') : element('input')
  input.id = `lk-factor-${name}`
  input.name = name
  input.spellcheck = false
  input.autocomplete = options.code ? 'one-time-code' : 'off'
  if (input instanceof HTMLInputElement && options.code) {
    input.inputMode = 'numeric'
    input.maxLength = 6
    input.pattern = '[0-9]{6}'
  }
  const caption = element('label', 'lk-field-label', label)
  caption.htmlFor = input.id
  wrapper.append(caption, input)
  return { wrapper, input }
}
