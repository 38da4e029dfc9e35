import { element } from '../element'
import { assertPasskey } from '../passkey/webauthnCeremony'
import type { FactorApi, FactorScope, FactorStatus } from './factorApi'
import { actionButton, factorScreen, onAction, textField } from './screenKit'

/** Parameters of {@link renderFactorChallenge}. */
export type FactorChallengeParameters = {
  root: HTMLElement
  factors: FactorApi
  status: FactorStatus
  scope: FactorScope
  /** The frame's project, for a passkey used inside a page. */
  projectId?: string | undefined
  /** What the visitor is confirming, in a sentence (e.g. the amount of a transaction). */
  reason: string
  onProof(factorProof: string): void
  onCancel(): void
}

/**
 * "Confirm it's you": a code of the authenticator app, a passkey, or a recovery code, checked by
 * the server, which answers a proof for this one action (and request) only. Everything is typed
 * into the wallet origin; the proof never leaves the frame.
 */
export function renderFactorChallenge(parameters: FactorChallengeParameters): () => void {
  const { root, factors, status, scope } = parameters
  const parts = factorScreen(root, {
    view: 'FactorChallenge',
    title: 'Confirm it’s you',
    text: parameters.reason,
  })
  const project = parameters.projectId ? { projectId: parameters.projectId } : {}
  const typed = status.totp || status.recoveryCodes > 0
  let mode: 'code' | 'recovery' = status.totp ? 'code' : 'recovery'
  const code = textField('Code from your authenticator app', 'code', { code: true })
  const recovery = textField('Recovery code', 'recovery-code')
  recovery.input.placeholder = 'XXXX-XXXX-XXXX-XXXX'
  const form = element('form', 'lk-factors-form')
  const toggle = element('button', 'lk-factors-link')
  toggle.type = 'button'
  const passkeyButton = element('button', 'lk-factors-row lk-factors-passkey', 'Use a passkey')
  passkeyButton.type = 'button'
  const cancel = actionButton('Cancel')
  const submit = actionButton('Confirm', 'primary')

  const show = () => {
    form.replaceChildren(mode === 'code' ? code.wrapper : recovery.wrapper)
    parts.body.replaceChildren(...(typed ? [form] : []))
    if (status.passkeys > 0) parts.body.append(passkeyButton)
    if (status.totp) {
      toggle.textContent = mode === 'code' ? 'Use a recovery code' : 'Use the authenticator app'
      parts.body.append(toggle)
    }
    if (typed) (mode === 'code' ? code.input : recovery.input).focus()
  }

  // The passkey prompt must start inside the click: its options are fetched before it.
  let options = status.passkeys > 0 ? factors.passkeyOptions(scope.action) : undefined
  options?.catch(() => {})
  onAction(passkeyButton, parts, async () => {
    try {
      const used = await assertPasskey(await (options as NonNullable<typeof options>))
      used.prf?.fill(0)
      const { factorProof } = await factors.verify(scope, { passkey: used.response, ...project })
      parameters.onProof(factorProof)
    } catch (error) {
      options = factors.passkeyOptions(scope.action)
      options.catch(() => {})
      throw error
    }
  })

  toggle.addEventListener('click', () => {
    mode = mode === 'code' ? 'recovery' : 'code'
    parts.status.textContent = ''
    show()
  })
  const confirm = onAction(submit, parts, async () => {
    const answer =
      mode === 'code' ? { code: code.input.value.trim() } : { recoveryCode: recovery.input.value }
    const { factorProof } = await factors.verify(scope, answer)
    code.input.value = ''
    recovery.input.value = ''
    parameters.onProof(factorProof)
  })
  form.addEventListener('submit', confirm)
  cancel.addEventListener('click', () => parameters.onCancel())
  parts.actions.append(cancel, ...(typed ? [submit] : []))
  show()
  return parts.remove
}
