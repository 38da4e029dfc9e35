import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createToastStore } from './createToastStore'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createToastStore', () => {
  test('default', () => {
    expect(createToastStore().getState()).toEqual({ toast: undefined, visible: false })
  })

  test('behavior: shows at once when nothing is visible', () => {
    const store = createToastStore()
    store.show('success', 'Address copied')
    expect(store.getState()).toEqual({
      toast: { id: 1, variant: 'success', message: 'Address copied' },
      visible: true,
    })
  })

  test('behavior: success and error auto-hide after 2500 ms', () => {
    const store = createToastStore()
    store.show('error', 'Signature declined')
    vi.advanceTimersByTime(2499)
    expect(store.getState().visible).toBe(true)
    vi.advanceTimersByTime(1)
    expect(store.getState()).toMatchObject({
      visible: false,
      toast: { message: 'Signature declined' },
    })
  })

  test('behavior: loading stays until hidden', () => {
    const store = createToastStore()
    store.show('loading', 'Authenticating...')
    vi.advanceTimersByTime(60_000)
    expect(store.getState()).toMatchObject({ visible: true, toast: { variant: 'loading' } })
    store.hide()
    expect(store.getState().visible).toBe(false)
  })

  test('behavior: a new toast hides the visible one and shows 150 ms later', () => {
    const store = createToastStore()
    store.show('loading', 'Authenticating...')
    store.show('success', 'Signed in')
    expect(store.getState()).toMatchObject({
      visible: false,
      toast: { message: 'Authenticating...' },
    })
    vi.advanceTimersByTime(149)
    expect(store.getState().visible).toBe(false)
    vi.advanceTimersByTime(1)
    expect(store.getState()).toEqual({
      toast: { id: 2, variant: 'success', message: 'Signed in' },
      visible: true,
    })
    vi.advanceTimersByTime(2500)
    expect(store.getState().visible).toBe(false)
  })

  test('behavior: the old toast auto-hide does not hide the new one', () => {
    const store = createToastStore()
    store.show('success', 'first')
    vi.advanceTimersByTime(2400)
    store.show('error', 'second')
    vi.advanceTimersByTime(150 + 2000)
    expect(store.getState()).toMatchObject({ visible: true, toast: { message: 'second' } })
  })

  test('behavior: during a swap the newest toast wins', () => {
    const store = createToastStore()
    store.show('success', 'first')
    store.show('error', 'second')
    store.show('success', 'third')
    vi.advanceTimersByTime(150)
    expect(store.getState()).toMatchObject({ visible: true, toast: { message: 'third' } })
    vi.advanceTimersByTime(1000)
    expect(store.getState().toast?.message).toBe('third')
  })

  test('behavior: hide drops a pending toast', () => {
    const store = createToastStore()
    store.show('success', 'first')
    store.show('error', 'second')
    store.hide()
    vi.advanceTimersByTime(5000)
    expect(store.getState()).toMatchObject({ visible: false, toast: { message: 'first' } })
  })

  test('behavior: destroy clears every timer', () => {
    const store = createToastStore()
    store.show('success', 'first')
    store.show('error', 'second')
    expect(vi.getTimerCount()).toBe(1)
    store.destroy()
    expect(vi.getTimerCount()).toBe(0)
    vi.advanceTimersByTime(5000)
    expect(store.getState()).toMatchObject({ visible: false, toast: { message: 'first' } })
  })

  test('behavior: two stores never share state', () => {
    const a = createToastStore()
    const b = createToastStore()
    a.show('success', 'only in a')
    expect(b.getState()).toEqual({ toast: undefined, visible: false })
    b.show('error', 'only in b')
    expect(a.getState().toast).toEqual({ id: 1, variant: 'success', message: 'only in a' })
    expect(b.getState().toast).toEqual({ id: 1, variant: 'error', message: 'only in b' })
    b.destroy()
    vi.advanceTimersByTime(2500)
    expect(a.getState().visible).toBe(false)
    expect(b.getState().visible).toBe(true)
  })
})
