import { afterEach, describe, expect, test, vi } from 'vitest'
import { idleFallbackMs, whenIdle } from './whenIdle'

/** A page's globals: readyState, `load` listeners and an idle queue the test runs by hand. */
function fakePage(readyState: 'loading' | 'complete', withIdle = true) {
  const loadListeners = new Set<() => void>()
  const idle = new Map<number, () => void>()
  let nextHandle = 1
  const document = { readyState: readyState as string }
  vi.stubGlobal('document', document)
  vi.stubGlobal('addEventListener', (_type: 'load', listener: () => void) =>
    loadListeners.add(listener),
  )
  vi.stubGlobal('removeEventListener', (_type: 'load', listener: () => void) =>
    loadListeners.delete(listener),
  )
  vi.stubGlobal(
    'requestIdleCallback',
    withIdle
      ? (callback: () => void) => {
          idle.set(nextHandle, callback)
          return nextHandle++
        }
      : undefined,
  )
  vi.stubGlobal('cancelIdleCallback', (handle: number) => idle.delete(handle))
  return {
    idle,
    loadListeners,
    load() {
      document.readyState = 'complete'
      for (const listener of [...loadListeners]) listener()
      loadListeners.clear()
    },
    runIdle() {
      const callbacks = [...idle.values()]
      idle.clear()
      for (const callback of callbacks) callback()
    },
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('whenIdle', () => {
  test('default: waits for the load event, then for idle', () => {
    const page = fakePage('loading')
    const task = vi.fn()
    whenIdle(task)
    page.runIdle()
    expect(task).not.toHaveBeenCalled()
    expect(page.idle.size).toBe(0)
    page.load()
    expect(task).not.toHaveBeenCalled()
    expect(page.idle.size).toBe(1)
    page.runIdle()
    expect(task).toHaveBeenCalledTimes(1)
  })

  test('behavior: a page already loaded only waits for idle', () => {
    const page = fakePage('complete')
    const task = vi.fn()
    whenIdle(task)
    expect(task).not.toHaveBeenCalled()
    page.runIdle()
    expect(task).toHaveBeenCalledTimes(1)
  })

  test('behavior: cancelled before load or before idle, the task never runs', () => {
    const before = fakePage('loading')
    const task = vi.fn()
    whenIdle(task)()
    expect(before.loadListeners.size).toBe(0)
    before.load()
    before.runIdle()
    const after = fakePage('complete')
    whenIdle(task)()
    expect(after.idle.size).toBe(0)
    after.runIdle()
    expect(task).not.toHaveBeenCalled()
  })

  test('behavior: without requestIdleCallback (Safari), a timer after load stands in', () => {
    vi.useFakeTimers()
    const page = fakePage('loading', false)
    const task = vi.fn()
    whenIdle(task)
    vi.advanceTimersByTime(idleFallbackMs * 2)
    expect(task).not.toHaveBeenCalled()
    page.load()
    vi.advanceTimersByTime(idleFallbackMs - 1)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
  })

  test('behavior: cancelled while the timer runs, the task never runs', () => {
    vi.useFakeTimers()
    fakePage('complete', false)
    const task = vi.fn()
    whenIdle(task)()
    vi.advanceTimersByTime(idleFallbackMs * 2)
    expect(task).not.toHaveBeenCalled()
  })

  test('behavior: no page (SSR), nothing is scheduled', () => {
    const task = vi.fn()
    const cancel = whenIdle(task)
    cancel()
    expect(task).not.toHaveBeenCalled()
  })
})
