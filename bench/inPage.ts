/**
 * Functions run inside the page with `page.evaluate`. They must be self-contained: Playwright
 * sends their source text, so no imports and no closures over module scope.
 */

export interface OpenProbe {
  /** CSS selector of the element to click, or undefined to call `window.__latchkeyPlayground.open`. */
  click?: string
  openArgs?: { view: string }
  /** Selector that means "on screen": present with a non-empty box. */
  ready: string
  /** Optional selector of any first feedback (a loader), timed when it first shows. */
  feedback?: string
  /**
   * Tap instead of a plain click: `pointerdown` (a touch: no hover, no focus first), then after
   * `holdMs` the `pointerup` and the click. Times still start at the click.
   */
  tap?: { holdMs: number }
  timeoutMs: number
}

export interface OpenTiming {
  /** ms to the next animation frame after `ready` showed. */
  ms: number
  /** ms to the first mutation at which `feedback` (or `ready`) was on screen. */
  feedbackMs: number
  /** With `tap`: ms from the pointerdown (the finger landing) to the same frame. */
  fromPointerDownMs?: number
  /** `document.readyState` when the click (or pointerdown) was dispatched. */
  readyState: string
}

/** Times dispatching the click (or open call) to the next animation frame after `ready` shows. */
export function timeOpen(probe: OpenProbe): Promise<OpenTiming> {
  return new Promise<OpenTiming>((resolve, reject) => {
    let done = false
    let feedbackMs = -1
    let t0 = performance.now()
    let down = t0
    const readyState = document.readyState
    const visible = (selector: string) => {
      const el = document.querySelector(selector)
      if (!el) return false
      const box = el.getBoundingClientRect()
      return box.width > 0 && box.height > 0
    }
    const isReady = () => {
      if (feedbackMs < 0 && probe.feedback && visible(probe.feedback))
        feedbackMs = performance.now() - t0
      const ready = visible(probe.ready)
      if (ready && feedbackMs < 0) feedbackMs = performance.now() - t0
      return ready
    }
    const observer = new MutationObserver(() => check())
    const timer = setTimeout(() => {
      if (done) return
      done = true
      observer.disconnect()
      reject(new Error(`timed out waiting for ${probe.ready}`))
    }, probe.timeoutMs)
    const check = () => {
      if (done || !isReady()) return
      done = true
      observer.disconnect()
      clearTimeout(timer)
      requestAnimationFrame(() => {
        const end = performance.now()
        resolve({
          ms: end - t0,
          feedbackMs,
          readyState,
          ...(probe.tap ? { fromPointerDownMs: end - down } : {}),
        })
      })
    }
    const poll = () => {
      if (done) return
      check()
      if (!done) requestAnimationFrame(poll)
    }
    const start = () => {
      observer.observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
      })
      t0 = performance.now()
    }
    if (probe.click) {
      const target = document.querySelector<HTMLElement>(probe.click)
      if (!target) {
        done = true
        clearTimeout(timer)
        reject(new Error(`nothing matches ${probe.click}`))
        return
      }
      if (probe.tap) {
        const pointer = { bubbles: true, cancelable: true, pointerType: 'touch', isPrimary: true }
        down = performance.now()
        target.dispatchEvent(new PointerEvent('pointerdown', pointer))
        setTimeout(() => {
          target.dispatchEvent(new PointerEvent('pointerup', pointer))
          start()
          target.click()
          check()
          if (!done) requestAnimationFrame(poll)
        }, probe.tap.holdMs)
        return
      }
      start()
      target.click()
    } else {
      start()
      const handle = (
        window as unknown as { __latchkeyPlayground?: { open: (a?: unknown) => void } }
      ).__latchkeyPlayground
      if (!handle) {
        done = true
        reject(new Error('window.__latchkeyPlayground is missing'))
        return
      }
      handle.open(probe.openArgs)
    }
    check()
    if (!done) requestAnimationFrame(poll)
  })
}

export interface SearchProbe {
  input: string
  rows: string
  query: string
  timeoutMs: number
}

/**
 * ms from one keystroke in the search box (native value setter + `input` event, as React sees
 * typing) to the next animation frame after every visible row matches the query.
 */
export function timeSearch(probe: SearchProbe): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const input = document.querySelector<HTMLInputElement>(probe.input)
    if (!input) {
      reject(new Error(`nothing matches ${probe.input}`))
      return
    }
    let done = false
    const query = probe.query.toLowerCase()
    const isReady = () => {
      const rows = document.querySelectorAll(probe.rows)
      if (rows.length === 0) return false
      for (const row of rows)
        if (!(row.textContent ?? '').toLowerCase().includes(query)) return false
      return true
    }
    const observer = new MutationObserver(() => check())
    const timer = setTimeout(() => {
      if (done) return
      done = true
      observer.disconnect()
      reject(new Error(`search "${probe.query}" never settled`))
    }, probe.timeoutMs)
    const check = () => {
      if (done || !isReady()) return
      done = true
      observer.disconnect()
      clearTimeout(timer)
      requestAnimationFrame(() => resolve(performance.now() - t0))
    }
    const poll = () => {
      if (done) return
      check()
      if (!done) requestAnimationFrame(poll)
    }
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
    input.focus()
    const t0 = performance.now()
    setValue?.call(input, probe.query)
    input.dispatchEvent(new Event('input', { bubbles: true }))
    check()
    if (!done) requestAnimationFrame(poll)
  })
}

/** Clears the search box the same way (not timed). */
export function clearSearch(selector: string): void {
  const input = document.querySelector<HTMLInputElement>(selector)
  if (!input) return
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '')
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Script URLs fetched since `since` (performance timeline). */
export function scriptsSince(since: number): string[] {
  return performance
    .getEntriesByType('resource')
    .filter((e) => e.startTime >= since && /\.m?js(\?|$)/.test(e.name))
    .map((e) => e.name)
}

/** Script URLs fetched before the page's `load` event and after it (performance timeline). */
export function scriptsAroundLoad(): { beforeLoad: string[]; afterLoad: string[] } {
  const navigation = performance.getEntriesByType('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined
  const load = navigation && navigation.loadEventStart > 0 ? navigation.loadEventStart : Infinity
  const scripts = performance
    .getEntriesByType('resource')
    .filter((e) => /\.m?js(\?|$)/.test(e.name))
  return {
    beforeLoad: scripts.filter((e) => e.startTime < load).map((e) => e.name),
    afterLoad: scripts.filter((e) => e.startTime >= load).map((e) => e.name),
  }
}
