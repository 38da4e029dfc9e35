import { minVisibleMs } from './createClickGuard'

/**
 * Guard of the Approve button in the wallet's own popup window (a top-level page the host cannot
 * cover or crop). Approve arms after the window has been visible and focused for
 * {@link minVisibleMs} in a row (another window opened over it takes the focus and disarms it).
 * A trusted click approves: by mouse (pointerdown and pointerup on the button) or by keyboard
 * (Enter or Space on the focused button, which the browser turns into a click). Returns the stop
 * function.
 */
export function createPopupGuard(button: HTMLButtonElement, onApprove: () => void): () => void {
  let since: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let pressed = false
  let released = false
  button.disabled = true

  const armed = () => since !== undefined && performance.now() - since >= minVisibleMs

  function update() {
    const active = document.visibilityState === 'visible' && document.hasFocus()
    if (!active) {
      since = undefined
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      button.disabled = true
      pressed = false
      released = false
      return
    }
    if (since !== undefined) return
    since = performance.now()
    timer = setTimeout(() => {
      timer = undefined
      if (armed()) button.disabled = false
    }, minVisibleMs)
  }

  const onChange = () => update()
  const onPointerDown = (event: PointerEvent) => {
    pressed = event.isTrusted && armed()
    released = false
  }
  const onPointerUp = (event: PointerEvent) => {
    released = pressed && event.isTrusted
  }
  const onClick = (event: MouseEvent) => {
    // A keyboard activation is a click with detail 0 and no pointer press before it.
    const byKeyboard = event.detail === 0 && !pressed
    const byPointer = pressed && released
    const trusted = event.isTrusted && (byKeyboard || byPointer) && armed() && !button.disabled
    pressed = false
    released = false
    if (trusted) onApprove()
  }
  document.addEventListener('visibilitychange', onChange)
  window.addEventListener('focus', onChange)
  window.addEventListener('blur', onChange)
  button.addEventListener('pointerdown', onPointerDown)
  button.addEventListener('pointerup', onPointerUp)
  button.addEventListener('click', onClick)
  // Focus events are not delivered everywhere (window managers, headless): look again regularly.
  const poll = setInterval(update, 250)
  update()
  return () => {
    clearInterval(poll)
    if (timer !== undefined) clearTimeout(timer)
    document.removeEventListener('visibilitychange', onChange)
    window.removeEventListener('focus', onChange)
    window.removeEventListener('blur', onChange)
    button.removeEventListener('pointerdown', onPointerDown)
    button.removeEventListener('pointerup', onPointerUp)
    button.removeEventListener('click', onClick)
  }
}
