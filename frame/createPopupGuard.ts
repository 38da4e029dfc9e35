import { createApproveArming, type minVisibleMs } from './createApproveArming'

/**
 * Guard of the Approve button in the wallet's own popup window (a top-level page the host cannot
 * cover or crop). Approve arms after the window has been visible and focused for
 * {@link minVisibleMs} in a row (another window opened over it takes the focus and disarms it).
 * A trusted click approves: by mouse (pointerdown and pointerup on the button) or by keyboard
 * (Enter or Space on the focused button, which the browser turns into a click). Returns the stop
 * function.
 */
export function createPopupGuard(button: HTMLButtonElement, onApprove: () => void): () => void {
  const arming = createApproveArming(button, (event) => {
    if (arming.takeClick(event, true)) onApprove()
  })
  const update = () => arming.set(document.visibilityState === 'visible' && document.hasFocus())
  document.addEventListener('visibilitychange', update)
  window.addEventListener('focus', update)
  window.addEventListener('blur', update)
  // Focus events are not delivered everywhere (window managers, headless): look again regularly.
  const poll = setInterval(update, 250)
  update()
  return () => {
    clearInterval(poll)
    arming.stop()
    document.removeEventListener('visibilitychange', update)
    window.removeEventListener('focus', update)
    window.removeEventListener('blur', update)
  }
}
