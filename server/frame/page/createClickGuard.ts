import { createApproveArming, minVisibleMs } from './createApproveArming'

/**
 * The smallest frame viewport that shows the whole approval screen (title, origin, a details box
 * and the buttons) at mobile width; below it Approve stays disabled and the screen says why.
 */
export const minFrameSize = { width: 300, height: 400 } as const

/** Why Approve is disabled, for the screen's status line. */
export type GuardStatus = 'visible' | 'hidden' | 'too-small'

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

// Ratio 1, allowing only sub-pixel rounding (fractional iframe sizes, zoom): hiding < 1 px hides nothing.
function isWhole(entry: VisibilityEntry): boolean {
  if (!entry.isIntersecting) return false
  if (entry.intersectionRatio >= 1) return true
  const { intersectionRect: seen, boundingClientRect: all } = entry
  return seen.width >= all.width - 1 && seen.height >= all.height - 1
}

/** Whether this browser has IntersectionObserver v2 (`isVisible`); without it, approvals go to the popup. */
export function canProveVisibility(): boolean {
  return (
    typeof IntersectionObserverEntry !== 'undefined' &&
    'isVisible' in IntersectionObserverEntry.prototype
  )
}

/** Parameters of {@link createClickGuard}. */
export type ClickGuardParameters = {
  /** The whole approval screen (its root element): all of it must be visible, not just the button. */
  screen: HTMLElement
  button: HTMLButtonElement
  onApprove(): void
  /** Called when the reason Approve is disabled changes. */
  onStatus?(status: GuardStatus): void
}

/**
 * Clickjacking guard of the in-frame approval screen. Approve enables only after the whole screen
 * has been fully visible and unobstructed for {@link minVisibleMs} in a row: IntersectionObserver
 * v2 says `isVisible` (no opacity, transform, filter or anything drawn over it, including by the
 * host page) with an intersection ratio of 1 (no ancestor clip, clip-path, scroll box or
 * off-screen part), the page is visible, and the frame is at least {@link minFrameSize}. Any loss
 * resets the timer and disables Approve. `onApprove` runs only for a trusted click whose
 * pointerdown and pointerup both happened on the button. Returns the stop function.
 */
export function createClickGuard(parameters: ClickGuardParameters): () => void {
  const { screen, button, onApprove, onStatus } = parameters
  const arming = createApproveArming(button)
  let seen = false
  let status: GuardStatus | undefined

  const bigEnough = () =>
    window.innerWidth >= minFrameSize.width && window.innerHeight >= minFrameSize.height

  function report(next: GuardStatus) {
    if (next === status) return
    status = next
    onStatus?.(next)
  }

  function update() {
    const tooSmall = !bigEnough()
    const visible = seen && !tooSmall && document.visibilityState === 'visible'
    report(tooSmall ? 'too-small' : visible ? 'visible' : 'hidden')
    arming.set(visible)
  }

  const observer = new IntersectionObserver(
    (entries) => {
      const last = entries[entries.length - 1] as VisibilityEntry | undefined
      if (!last) return
      // Without IntersectionObserver v2 nothing proves visibility: stay disabled (the popup is for that).
      seen = last.isVisible === true && isWhole(last)
      update()
    },
    { threshold: [0, 0.5, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  )
  observer.observe(screen)
  const onChange = () => update()
  const onClick = (event: MouseEvent) => {
    if (arming.takeClick(event)) onApprove()
  }
  document.addEventListener('visibilitychange', onChange)
  window.addEventListener('resize', onChange)
  button.addEventListener('pointerdown', arming.onPointerDown)
  button.addEventListener('pointerup', arming.onPointerUp)
  button.addEventListener('click', onClick)
  update()
  return () => {
    observer.disconnect()
    arming.stop()
    document.removeEventListener('visibilitychange', onChange)
    window.removeEventListener('resize', onChange)
    button.removeEventListener('pointerdown', arming.onPointerDown)
    button.removeEventListener('pointerup', arming.onPointerUp)
    button.removeEventListener('click', onClick)
  }
}
