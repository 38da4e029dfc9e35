/** How long the Approve button must have been visible before it enables (DESIGN B4). */
export const minVisibleMs = 500

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

function isEntryVisible(entry: VisibilityEntry): boolean {
  if (document.visibilityState !== 'visible') return false
  // IntersectionObserver v2 (Chromium): false when covered, transformed or made transparent.
  if (typeof entry.isVisible === 'boolean') return entry.isVisible
  return entry.isIntersecting && entry.intersectionRatio >= 0.99
}

/**
 * Clickjacking guard of the Approve button: enabled only after the button has been fully
 * visible for {@link minVisibleMs} in a row, and `onApprove` runs only for a trusted click whose
 * pointerdown and pointerup both happened on the button. Returns the stop function.
 */
export function createClickGuard(button: HTMLButtonElement, onApprove: () => void): () => void {
  let visibleSince: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let pressed = false
  let released = false
  button.disabled = true

  const ready = () => visibleSince !== undefined && performance.now() - visibleSince >= minVisibleMs

  function setVisible(visible: boolean) {
    if (!visible) {
      visibleSince = undefined
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      button.disabled = true
      pressed = false
      released = false
      return
    }
    if (visibleSince !== undefined) return
    visibleSince = performance.now()
    timer = setTimeout(() => {
      timer = undefined
      if (ready()) button.disabled = false
    }, minVisibleMs)
  }

  const observer = new IntersectionObserver(
    (entries) => {
      const last = entries[entries.length - 1]
      if (last) setVisible(isEntryVisible(last))
    },
    { threshold: [1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  )
  observer.observe(button)
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') setVisible(false)
  }
  const onPointerDown = (event: PointerEvent) => {
    pressed = event.isTrusted && ready()
    released = false
  }
  const onPointerUp = (event: PointerEvent) => {
    released = pressed && event.isTrusted
  }
  const onClick = (event: MouseEvent) => {
    const trusted = event.isTrusted && pressed && released && ready() && !button.disabled
    pressed = false
    released = false
    if (trusted) onApprove()
  }
  document.addEventListener('visibilitychange', onVisibility)
  button.addEventListener('pointerdown', onPointerDown)
  button.addEventListener('pointerup', onPointerUp)
  button.addEventListener('click', onClick)
  return () => {
    observer.disconnect()
    if (timer !== undefined) clearTimeout(timer)
    document.removeEventListener('visibilitychange', onVisibility)
    button.removeEventListener('pointerdown', onPointerDown)
    button.removeEventListener('pointerup', onPointerUp)
    button.removeEventListener('click', onClick)
  }
}
