import { element } from '../element'
import { qrCode } from '../qrCode'
import type { FactorApi } from './factorApi'
import { actionButton, factorScreen, onAction, textField } from './screenKit'

/** Parameters of {@link renderTotpSetup}. */
export type TotpSetupParameters = {
  root: HTMLElement
  factors: FactorApi
  /** A fresh proof for `factors`, when the account has a second factor already. */
  factorProof?: string | undefined
  /** The app is set up: its first recovery codes, to show once. */
  onDone(recoveryCodes: string[]): void
  onCancel(): void
}

/**
 * Sets up an authenticator app: the server makes the secret, the frame shows it as a QR code and
 * as text (wallet origin only), and a first code from the app confirms it.
 */
export function renderTotpSetup(parameters: TotpSetupParameters): () => void {
  const { root, factors } = parameters
  const parts = factorScreen(root, {
    view: 'TotpSetup',
    title: 'Set up an authenticator app',
    text: 'Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), then type the 6-digit code it shows.',
  })
  const code = textField('Code from the app', 'totp-code', { code: true })
  const form = element('form', 'lk-factors-form')
  form.append(code.wrapper)
  const cancel = actionButton('Cancel')
  const submit = actionButton('Turn on', 'primary')
  submit.disabled = true
  parts.actions.append(cancel, submit)
  cancel.addEventListener('click', () => parameters.onCancel())
  parts.body.append(element('p', 'lk-factors-muted', 'Loading…'))

  factors.beginTotp(parameters.factorProof).then(
    ({ secret, uri }) => {
      const key = element('div', 'lk-factors-secret')
      const label = element('span', 'lk-field-label', 'Or type this key')
      const value = element('code', undefined, (secret.match(/.{1,4}/g) ?? []).join(' '))
      value.dataset.testid = 'totp-secret'
      key.append(label, value)
      parts.body.replaceChildren(qrCode(uri, 'QR code for your authenticator app'), key, form)
      submit.disabled = false
      // The QR code stays in view: the field takes the focus without scrolling to it.
      code.input.focus({ preventScroll: true })
    },
    (error: unknown) => {
      parts.body.replaceChildren()
      parts.status.textContent = error instanceof Error ? (error.message.split('\n')[0] ?? '') : ''
    },
  )
  const confirm = onAction(submit, parts, async () => {
    const { recoveryCodes } = await factors.confirmTotp(code.input.value.trim())
    parameters.onDone(recoveryCodes)
  })
  form.addEventListener('submit', confirm)
  return parts.remove
}
