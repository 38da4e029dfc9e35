/** Creates the hidden, fixed embedded-wallet iframe (not yet in the page). */
export function createFrameIframe(src: string): HTMLIFrameElement {
  const iframe = document.createElement('iframe')
  iframe.src = src
  iframe.title = 'Latchkey embedded wallet'
  iframe.setAttribute('data-latchkey-frame', '')
  iframe.setAttribute('aria-hidden', 'true')
  iframe.tabIndex = -1
  // Hidden until the modal shows it for an approval click (ApproveTransaction view).
  iframe.style.position = 'fixed'
  iframe.style.display = 'none'
  iframe.style.border = '0'
  iframe.style.zIndex = '999999'
  return iframe
}
