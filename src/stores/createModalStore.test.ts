import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createModalStore } from './createModalStore'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createModalStore', () => {
  test('default', () => {
    const store = createModalStore()
    expect(store.getState()).toEqual({ open: false, loading: false, shake: false })
  })

  test('open / close / setLoading', () => {
    const store = createModalStore()
    const seen: boolean[] = []
    store.subscribe((state) => seen.push(state.open))
    store.open()
    store.setLoading(true)
    expect(store.getState()).toEqual({ open: true, loading: true, shake: false })
    store.close()
    expect(store.getState()).toEqual({ open: false, loading: false, shake: false })
    expect(seen).toEqual([true, true, false])
  })

  test('behavior: shake lasts 500 ms', () => {
    const store = createModalStore()
    store.shake()
    expect(store.getState().shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(store.getState().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(store.getState().shake).toBe(false)
  })

  test('behavior: shake cannot be retriggered while shaking', () => {
    const store = createModalStore()
    store.shake()
    vi.advanceTimersByTime(300)
    store.shake()
    expect(vi.getTimerCount()).toBe(1)
    vi.advanceTimersByTime(200)
    expect(store.getState().shake).toBe(false)
    store.shake()
    expect(store.getState().shake).toBe(true)
    vi.advanceTimersByTime(500)
    expect(store.getState().shake).toBe(false)
  })

  test('behavior: destroy clears the shake timer', () => {
    const store = createModalStore()
    store.shake()
    store.destroy()
    expect(vi.getTimerCount()).toBe(0)
  })

  test('behavior: two stores never share state', () => {
    const a = createModalStore()
    const b = createModalStore()
    a.open()
    a.shake()
    expect(b.getState()).toEqual({ open: false, loading: false, shake: false })
    b.shake()
    vi.advanceTimersByTime(500)
    expect(a.getState()).toEqual({ open: true, loading: false, shake: false })
  })
})
