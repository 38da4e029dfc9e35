import { element } from '../element'
import { FrameReplyError } from '../FrameReplyError'
import { actionButton, factorScreen, onAction, textField } from '../factors/screenKit'

/** Parameters of {@link renderEmailLink}. */
export type EmailLinkParameters = {
  root: HTMLElement
  /** Mails a code to the address (rejects with what to show). */
  sendCode(email: string): Promise<void>
  /** Checks the code; the address is then a way in. */
  confirm(otp: string): Promise<void>
  onDone(email: string): void
  onCancel(): void
}

/**
 * Adds an email to a wallet that has none (a social or Farcaster user): the address, then the
 * one code mailed to it. Both steps run in the frame; the code never reaches the host.
 */
export function renderEmailLink(parameters: EmailLinkParameters): () => void {
  const parts = factorScreen(parameters.root, {
    view: 'LinkEmail',
    title: 'Add an email',
    text: 'We mail a code to the address. Once confirmed, its codes open this wallet too.',
  })
  const address = textField('Email address', 'link-email')
  const input = address.input as HTMLInputElement
  input.type = 'email'
  input.autocomplete = 'email'
  const code = textField('Code from the email', 'link-email-code', { code: true })
  const form = element('form', 'lk-factors-form')
  form.append(address.wrapper)
  parts.body.append(form)
  const cancel = actionButton('Cancel')
  const submit = actionButton('Send code', 'primary')
  parts.actions.append(cancel, submit)
  cancel.addEventListener('click', () => parameters.onCancel())
  let sentTo: string | undefined
  const step = onAction(submit, parts, async () => {
    if (sentTo === undefined) {
      const email = input.value.trim()
      if (!input.checkValidity() || !email)
        throw new FrameReplyError({ message: 'Enter a valid email address.' })
      await parameters.sendCode(email)
      sentTo = email
      parts.body.replaceChildren(
        element('p', 'lk-factors-muted', `We sent a 6-digit code to ${email}.`),
        form,
      )
      form.replaceChildren(code.wrapper)
      submit.textContent = 'Add email'
      code.input.focus()
      return
    }
    const otp = code.input.value.trim()
    if (!/^[0-9]{6}$/.test(otp)) throw new FrameReplyError({ message: 'Enter the 6-digit code.' })
    await parameters.confirm(otp)
    parameters.onDone(sentTo)
  })
  form.addEventListener('submit', step)
  input.focus()
  return parts.remove
}
