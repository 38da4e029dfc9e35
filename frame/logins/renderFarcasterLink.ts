import { element } from '../element'
import { actionButton, factorScreen } from '../factors/screenKit'
import { qrCode } from '../qrCode'

/**
 * The Farcaster link's screen: the relay channel's URL as a QR code (for the visitor's phone)
 * and as a link (Farcaster on this device), while the frame waits for the signature. Cancel
 * calls `onCancel`; the caller ends its wait. Returns the function that removes the screen.
 */
export function renderFarcasterLink({
  root,
  uri,
  onCancel,
}: {
  root: HTMLElement
  uri: string
  onCancel(): void
}): () => void {
  const parts = factorScreen(root, {
    view: 'LinkFarcaster',
    title: 'Link Farcaster',
    text: 'Scan this code with your phone’s camera, then approve in your Farcaster app.',
  })
  const link = element('a', 'lk-factors-link', 'Open Farcaster on this device')
  // The server's relay URL: only http(s) becomes a link.
  if (/^https?:$/.test(new URL(uri).protocol)) link.href = uri
  link.target = '_blank'
  link.rel = 'noopener noreferrer'
  const waiting = element('p', 'lk-factors-muted', 'Waiting for your Farcaster app…')
  waiting.setAttribute('aria-live', 'polite')
  parts.screen.dataset.farcasterUri = uri
  parts.body.append(qrCode(uri, 'QR code to sign in with Farcaster'), link, waiting)
  const cancel = actionButton('Cancel')
  cancel.addEventListener('click', () => onCancel())
  parts.actions.append(cancel)
  return parts.remove
}
