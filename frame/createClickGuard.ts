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

/**
 * Observes `screen` with IntersectionObserver v2 and calls `onReport` with whether the whole of it
 * is visible and unobstructed, first for its state now (at the next rendering), then on every
 * change. Returns the stop function.
 */
function watchVisibility(screen: HTMLElement, onReport: (visible: boolean) => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      const last = entries[entries.length - 1] as VisibilityEntry | undefined
      // Without IntersectionObserver v2 nothing proves visibility: stay disabled (the popup is for that).
      if (last) onReport(last.isVisible === true && isWhole(last))
    },
    { threshold: [0, 0.5, 0.99, 1], trackVisibility: true, delay: 100 } as IntersectionObserverInit,
  )
  observer.observe(screen)
  return () => observer.disconnect()
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
 * pointerdown and pointerup both happened on the button, and only if a fresh visibility report
 * made after that click still proves the whole screen. Returns the stop function.
 */
export function createClickGuard(parameters: ClickGuardParameters): () => void {
  const { screen, button, onApprove, onStatus } = parameters
  let seen = false
  let status: GuardStatus | undefined
  let probing: (() => void) | undefined
  // The observer reports a change up to 100 ms (more under load) after the host makes it, so a
  // click can land on a screen the host has just cropped or covered. The click therefore only
  // asks for a fresh report, made after it, and approves if that one still proves the screen.
  const arming = createApproveArming(button, (event) => {
    if (!arming.takeClick(event) || probing) return
    probing = watchVisibility(screen, (visible) => {
      probing?.()
      probing = undefined
      seen = visible
      update()
      if (visible && arming.armed() && !button.disabled) onApprove()
    })
  })

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

  const observer = watchVisibility(screen, (visible) => {
    seen = visible
    update()
  })
  const onChange = () => update()
  document.addEventListener('visibilitychange', onChange)
  window.addEventListener('resize', onChange)
  update()
  return () => {
    observer()
    probing?.()
    arming.stop()
    document.removeEventListener('visibilitychange', onChange)
    window.removeEventListener('resize', onChange)
  }
}
