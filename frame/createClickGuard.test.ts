// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createClickGuard } from './createClickGuard'

/**
 * A stand-in for the browser's IntersectionObserver v2: the test decides when a report arrives
 * and what it says, as the browser would with its delay (the race the guard must close).
 */
class ScriptedObserver {
  static all: ScriptedObserver[] = []
  connected = true
  constructor(readonly callback: IntersectionObserverCallback) {
    ScriptedObserver.all.push(this)
  }
  observe() {}
  disconnect() {
    this.connected = false
  }
  report(visible: boolean) {
    const rect = { width: 360, height: 560 }
    const entry = {
      isIntersecting: true,
      isVisible: visible,
      intersectionRatio: visible ? 1 : 0.2,
      intersectionRect: visible ? rect : { width: 360, height: 90 },
      boundingClientRect: rect,
    }
    this.callback([entry as unknown as IntersectionObserverEntry], this as never)
  }
}

const live = () => ScriptedObserver.all.filter((observer) => observer.connected)

/** A real press as the browser delivers it: trusted pointerdown, pointerup, then click. */
function press(button: HTMLButtonElement) {
  for (const type of ['pointerdown', 'pointerup', 'click']) {
    const event = type === 'click' ? new MouseEvent(type, { detail: 1 }) : new Event(type)
    Object.defineProperty(event, 'isTrusted', { value: true })
    button.dispatchEvent(event)
  }
}

describe('createClickGuard', () => {
  let screen: HTMLElement
  let button: HTMLButtonElement
  let onApprove: ReturnType<typeof vi.fn<() => void>>
  let stop: () => void

  beforeEach(() => {
    vi.useFakeTimers()
    ScriptedObserver.all = []
    vi.stubGlobal('IntersectionObserver', ScriptedObserver)
    Object.assign(window, { innerWidth: 400, innerHeight: 700 })
    screen = document.createElement('div')
    button = document.createElement('button')
    screen.append(button)
    document.body.append(screen)
    onApprove = vi.fn<() => void>()
    stop = createClickGuard({ screen, button, onApprove })
    live()[0]?.report(true)
    vi.advanceTimersByTime(500)
  })
  afterEach(() => {
    stop()
    screen.remove()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  test('behavior: a click approves once a report made after it still shows the whole screen', () => {
    expect(button.disabled).toBe(false)
    press(button)
    expect(onApprove).not.toHaveBeenCalled()
    expect(live()).toHaveLength(2)
    live()[1]?.report(true)
    expect(onApprove).toHaveBeenCalledTimes(1)
    expect(live()).toHaveLength(1)
  })

  test('error: B4 a click on a screen cropped just before it (not yet reported) approves nothing', () => {
    // The host crops the frame; the browser has not reported it yet, so Approve still looks enabled.
    expect(button.disabled).toBe(false)
    press(button)
    live()[1]?.report(false)
    expect(onApprove).not.toHaveBeenCalled()
    expect(button.disabled).toBe(true)
    // A second press while disabled does nothing either.
    press(button)
    expect(live()).toHaveLength(1)
    expect(onApprove).not.toHaveBeenCalled()
  })

  test('error: a loss reported while the click waits for its report approves nothing', () => {
    press(button)
    live()[0]?.report(false)
    live()[1]?.report(true)
    expect(onApprove).not.toHaveBeenCalled()
  })

  test('behavior: stop disconnects the click report too', () => {
    press(button)
    stop()
    expect(live()).toHaveLength(0)
    stop = () => {}
  })
})
