import { BaseError } from '../../src/errors/base'
import { element } from '../element'

/** Parameters of {@link renderRecoveryPassword}. */
export type RenderRecoveryPasswordParameters = {
  root: HTMLElement
  /**
   * `set`: a new wallet's recovery password (typed twice); `upgrade`: the same for a wallet the
   * server held whole until now (its key is split here); `enter`: this device has no share;
   * `setup`: as `set`, offered right after the first login (SETUP_RECOVERY), skippable.
   */
  mode: 'set' | 'upgrade' | 'enter' | 'setup'
  /** Uses the password; rejects with a message to show (a wrong password) to ask again. */
  onSubmit(password: string): Promise<void>
  onCancel(): void
}

const minLength = 10

const copy = {
  set: {
    title: 'Choose a recovery password',
    text: 'Your wallet is sealed: this device and the server each keep one part of its key. This password locks a third part, which lets you sign in on another device. Nobody can reset it, not even the server.',
    action: 'Set password',
  },
  setup: {
    title: 'Protect your wallet',
    text: 'Your wallet is sealed: this device and the server each keep one part of its key. A recovery password locks a third part: with it you get your wallet back if this browser forgets its part, or on another device. Nobody can reset it, not even the server.',
    action: 'Set password',
  },
  upgrade: {
    title: 'Seal your wallet',
    text: 'This app now seals its wallets: your key is split between this device and the server, and the server can no longer sign alone. This password locks a third part, which lets you sign in on another device. Nobody can reset it, not even the server.',
    action: 'Seal wallet',
  },
  enter: {
    title: 'Enter your recovery password',
    text: 'This device does not have its part of your wallet yet. Your recovery password unlocks it.',
    action: 'Unlock',
  },
} as const

/**
 * The frame's recovery password screen, shown before the approval screen of a sealed wallet
 * that needs it; the password is typed into the wallet origin only and never posted anywhere.
 * Returns the function that removes it.
 */
export function renderRecoveryPassword(parameters: RenderRecoveryPasswordParameters): () => void {
  const { root, mode } = parameters
  const text = copy[mode]
  const screen = element('form', 'lk-approval lk-recovery')
  screen.setAttribute('aria-labelledby', 'lk-recovery-title')
  screen.dataset.view = {
    set: 'SetRecoveryPassword',
    upgrade: 'SealWallet',
    enter: 'EnterRecoveryPassword',
    setup: 'SetupRecovery',
  }[mode]
  const choosing = mode !== 'enter'
  const title = element('h1', 'lk-title', text.title)
  title.id = 'lk-recovery-title'
  const field = (label: string, name: string, hint?: string) => {
    const wrapper = element('div', 'lk-field')
    const input = element('input')
    input.id = `lk-recovery-${name}`
    input.type = 'password'
    input.name = name
    input.required = true
    input.autocomplete = choosing ? 'new-password' : 'current-password'
    const caption = element('label', 'lk-field-label', label)
    caption.htmlFor = input.id
    wrapper.append(caption, input)
    if (hint) {
      const note = element('span', 'lk-field-hint', hint)
      note.id = `lk-${name}-hint`
      input.setAttribute('aria-describedby', note.id)
      wrapper.append(note)
    }
    return { wrapper, input }
  }
  const password = field(
    'Recovery password',
    'password',
    choosing ? `At least ${minLength} characters.` : undefined,
  )
  const confirm = field('Type it again', 'confirm')
  const status = element('p', 'lk-guard-status')
  status.setAttribute('role', 'alert')
  const actions = element('div', 'lk-actions')
  const cancel = element('button', 'lk-reject', mode === 'setup' ? 'Later' : 'Cancel')
  cancel.type = 'button'
  const submit = element('button', 'lk-approve', text.action)
  submit.type = 'submit'
  actions.append(cancel, submit)
  screen.append(
    element('p', 'lk-brand', 'Latchkey wallet'),
    title,
    element('p', 'lk-origin', text.text),
    password.wrapper,
    ...(choosing ? [confirm.wrapper] : []),
    status,
    actions,
  )
  root.replaceChildren(screen)
  root.dataset.state = 'recovery'
  password.input.focus()

  let busy = false
  // A problem is said in the alert below the fields and marks the field it is about.
  const fail = (input: HTMLInputElement, message: string) => {
    status.textContent = message
    input.setAttribute('aria-invalid', 'true')
    input.focus()
  }
  screen.addEventListener('submit', (event) => {
    event.preventDefault()
    if (busy || !event.isTrusted) return
    const value = password.input.value
    password.input.removeAttribute('aria-invalid')
    confirm.input.removeAttribute('aria-invalid')
    if (choosing && value.length < minLength)
      return fail(password.input, `Use at least ${minLength} characters.`)
    if (choosing && value !== confirm.input.value)
      return fail(confirm.input, 'The two passwords differ.')
    busy = true
    submit.disabled = true
    status.textContent = 'Working…'
    parameters.onSubmit(value).then(
      () => {
        password.input.value = ''
        confirm.input.value = ''
      },
      (error: unknown) => {
        busy = false
        submit.disabled = false
        password.input.select()
        // The short message: a BaseError's `message` carries its version and docs lines.
        fail(
          password.input,
          error instanceof BaseError ? error.shortMessage : 'Something went wrong.',
        )
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
