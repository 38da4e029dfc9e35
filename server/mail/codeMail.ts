import type { OtpPurpose } from '../storage/types'
import type { Mail } from './types'

const subjects: Record<OtpPurpose, string> = {
  login: 'Your login code',
  device: 'Verify your new device',
  'email-primary': 'Confirm your email change',
  'email-secondary': 'Confirm your new email address',
}

const intros: Record<OtpPurpose, string> = {
  login: 'Use this code to log in to your wallet:',
  device: 'Someone is logging in to your wallet from a new device. If it is you, use this code:',
  'email-primary': 'Use this code to confirm that you want to change your email address:',
  'email-secondary': 'Use this code to confirm your new email address:',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** The mail carrying a one-time code (plain text and simple HTML), with an optional link. */
export function codeMail(params: {
  to: string
  purpose: OtpPurpose
  code: string
  ttlMinutes: number
  link?: string | undefined
}): Mail {
  const { code, link, purpose, ttlMinutes, to } = params
  const expiry = `The code expires in ${ttlMinutes} minutes. If you did not ask for it, ignore this email.`
  const text = [
    intros[purpose],
    '',
    code,
    '',
    ...(link ? ['Or open this link on the device:', link, ''] : []),
    expiry,
  ].join('\n')
  const html = [
    `<p>${escapeHtml(intros[purpose])}</p>`,
    `<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:monospace">${code}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">Verify this device</a></p>` : '',
    `<p style="color:#666">${escapeHtml(expiry)}</p>`,
  ].join('')
  return { to, subject: `${subjects[purpose]}: ${code}`, text, html }
}
