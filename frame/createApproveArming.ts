/** How long the approval screen must have been visible before Approve enables (DESIGN B4). */
export const minVisibleMs = 500

/**
 * The part both approval guards share (the frame's and the popup's): Approve enables only after
 * the screen has been seen for {@link minVisibleMs} in a row, any loss disables it and forgets a
 * press in progress, and a click counts only with trusted events while armed. What "seen" means
 * is the guard's: the frame proves the whole screen visible, the popup is visible and focused.
 * Listens to the button's pointer presses and hands its clicks to `onClick` (which asks
 * `takeClick`) until `stop`.
 */
export function createApproveArming(
  button: HTMLButtonElement,
  onClick: (event: MouseEvent) => void,
) {
  let since: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let pressed = false
  let released = false
  button.disabled = true

  const armed = () => since !== undefined && performance.now() - since >= minVisibleMs
  const onPointerDown = (event: PointerEvent) => {
    pressed = event.isTrusted && armed()
    released = false
  }
  const onPointerUp = (event: PointerEvent) => {
    released = pressed && event.isTrusted
  }
  button.addEventListener('pointerdown', onPointerDown)
  button.addEventListener('pointerup', onPointerUp)
  button.addEventListener('click', onClick)

  return {
    armed,
    /** Call whenever what the guard watches may have changed. */
    set(seen: boolean) {
      if (!seen) {
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
    },
    /**
     * Whether a click approves: trusted, armed, enabled, and a whole pointer press on the button
     * (or, with `keyboard`, a keyboard activation: a click with detail 0 and no press before it).
     * Forgets the press either way.
     */
    takeClick(event: MouseEvent, keyboard = false): boolean {
      const byKeyboard = keyboard && event.detail === 0 && !pressed
      const byPointer = pressed && released
      pressed = false
      released = false
      return event.isTrusted && (byPointer || byKeyboard) && armed() && !button.disabled
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      button.removeEventListener('pointerdown', onPointerDown)
      button.removeEventListener('pointerup', onPointerUp)
      button.removeEventListener('click', onClick)
    },
  }
}
