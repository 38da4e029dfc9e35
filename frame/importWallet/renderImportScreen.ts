import { element } from '../element'

/** The account's wallet an import would replace (GET /v1/sealed-wallet/import). */
export type ImportTarget = { address: string; inUse: boolean } | null

/** What the visitor submitted: the phrase or key, the recovery password, the confirmation. */
export type ImportSubmission = { secret: string; password: string; confirmed: boolean }

/** Parameters of {@link renderImportScreen}. */
export type RenderImportScreenParameters = {
  root: HTMLElement
  current: ImportTarget
  /** Imports; rejects with an error to show (the screen stays, with what was typed). */
  onSubmit(submission: ImportSubmission): Promise<void>
  onCancel(): void
}

const minLength = 10

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** What an error says: its short sentence (a BaseError's, whichever bundle made it) and name. */
function describe(error: unknown): { text: string; name: string; reason: string } {
  const fields = (error ?? {}) as {
    shortMessage?: unknown
    name?: unknown
    reason?: unknown
    problem?: unknown
  }
  const text = typeof fields.shortMessage === 'string' ? fields.shortMessage : undefined
  return {
    text: text ?? 'Something went wrong. Try again.',
    name: typeof fields.name === 'string' ? fields.name : 'Error',
    reason: String(fields.reason ?? fields.problem ?? ''),
  }
}

function field(label: string, input: HTMLInputElement | HTMLTextAreaElement, hint?: string) {
  const wrapper = element('div', 'lk-field')
  const caption = element('label', 'lk-field-label', label)
  caption.htmlFor = input.id
  wrapper.append(caption, input)
  if (hint) {
    const note = element('span', 'lk-field-hint', hint)
    note.id = `${input.id}-hint`
    input.setAttribute('aria-describedby', note.id)
    wrapper.append(note)
  }
  return wrapper
}

function passwordInput(id: string) {
  const input = element('input')
  input.id = id
  input.type = 'password'
  input.required = true
  input.autocomplete = 'new-password'
  return input
}

/** The notice about the wallet being replaced, and (a used one) the box to confirm it. */
function replacing(current: NonNullable<ImportTarget>) {
  const notice = element('div', 'lk-import-notice')
  notice.dataset.inUse = String(current.inUse)
  const checkbox = element('input')
  if (!current.inUse) {
    notice.append(
      element(
        'p',
        undefined,
        `This replaces your new, empty wallet ${short(current.address)} on this account.`,
      ),
    )
    return { notice, checkbox: undefined }
  }
  notice.setAttribute('role', 'note')
  notice.append(
    element(
      'p',
      undefined,
      `Your current wallet ${short(current.address)} holds funds or has been used. Importing replaces it on this account: afterwards only its own recovery phrase or key reaches it.`,
    ),
  )
  checkbox.type = 'checkbox'
  checkbox.id = 'lk-import-confirm'
  const label = element('label', 'lk-import-check')
  label.htmlFor = checkbox.id
  label.append(checkbox, element('span', undefined, 'I have the recovery phrase or key of it'))
  notice.append(label)
  return { notice, checkbox }
}

/**
 * The import screen (wallet origin, loaded only when asked for): the recovery phrase or private
 * key and a recovery password are typed here and never posted to the host page. Returns the
 * function that removes it (and clears what was typed).
 */
export function renderImportScreen(parameters: RenderImportScreenParameters): () => void {
  const { root, current } = parameters
  const screen = element('form', 'lk-approval lk-import')
  screen.dataset.view = 'ImportWallet'
  screen.noValidate = true
  screen.setAttribute('aria-labelledby', 'lk-import-title')
  const title = element('h1', 'lk-title', 'Import a wallet')
  title.id = 'lk-import-title'
  const secret = element('textarea')
  secret.id = 'lk-import-secret'
  secret.rows = 3
  secret.required = true
  secret.spellcheck = false
  secret.autocomplete = 'off'
  secret.setAttribute('autocapitalize', 'none')
  secret.setAttribute('autocorrect', 'off')
  const password = passwordInput('lk-import-password')
  const confirm = passwordInput('lk-import-confirm-password')
  const body = element('div', 'lk-import-body')
  body.append(
    element(
      'p',
      'lk-import-text',
      'Type the recovery phrase (12 to 24 words) or the private key of a wallet you own. It stays on this wallet page: it is split here, and the app never sees it.',
    ),
  )
  const replace = current ? replacing(current) : undefined
  if (replace) body.append(replace.notice)
  body.append(
    field('Recovery phrase or private key', secret),
    field(
      'Recovery password',
      password,
      `Unlocks it on a new device. At least ${minLength} characters.`,
    ),
    field('Type it again', confirm),
  )
  const status = element('p', 'lk-guard-status')
  status.setAttribute('role', 'alert')
  const actions = element('div', 'lk-actions')
  const cancel = element('button', 'lk-reject', 'Cancel')
  cancel.type = 'button'
  const submit = element('button', 'lk-approve', 'Import wallet')
  submit.type = 'submit'
  actions.append(cancel, submit)
  screen.append(element('p', 'lk-brand', 'Latchkey wallet'), title, body, status, actions)
  root.replaceChildren(screen)
  root.dataset.state = 'import'
  secret.focus()

  let busy = false
  const inputs = [secret, password, confirm, ...(replace?.checkbox ? [replace.checkbox] : [])]
  const fail = (input: HTMLElement, text: string, name = '', reason = '') => {
    status.textContent = text
    status.dataset.error = name
    status.dataset.reason = reason
    if (input !== submit) input.setAttribute('aria-invalid', 'true')
    input.focus()
  }
  screen.addEventListener('submit', (event) => {
    event.preventDefault()
    if (busy || !event.isTrusted) return
    for (const input of inputs) input.removeAttribute('aria-invalid')
    if (!secret.value.trim()) return fail(secret, 'Type the recovery phrase or private key.')
    if (password.value.length < minLength)
      return fail(password, `Use at least ${minLength} characters.`)
    if (password.value !== confirm.value) return fail(confirm, 'The two passwords differ.')
    if (replace?.checkbox && !replace.checkbox.checked)
      return fail(replace.checkbox, 'Confirm that you can still reach your current wallet.')
    busy = true
    submit.disabled = true
    status.textContent = 'Importing…'
    delete status.dataset.error
    parameters
      .onSubmit({
        secret: secret.value,
        password: password.value,
        confirmed: replace?.checkbox?.checked === true,
      })
      .catch((error: unknown) => {
        busy = false
        submit.disabled = false
        const { text, name, reason } = describe(error)
        const at =
          name === 'InvalidWalletSecretError'
            ? secret
            : reason === 'IN_USE' && replace?.checkbox
              ? replace.checkbox
              : submit
        fail(at, text, name, reason)
      })
  })
  cancel.addEventListener('click', () => {
    if (!busy) parameters.onCancel()
  })
  return () => {
    busy = true
    for (const input of [secret, password, confirm]) input.value = ''
    screen.remove()
    root.dataset.state = 'idle'
  }
}
