import { afterEach, describe, expect, test, vi } from 'vitest'
import { settleWithin } from './settleWithin'

afterEach(() => {
  vi.useRealTimers()
})

describe('settleWithin', () => {
  test('default: resolves when the promise settles, fulfilled or rejected', async () => {
    await expect(settleWithin(Promise.resolve(1), 1_000)).resolves.toBeUndefined()
    await expect(settleWithin(Promise.reject(new Error('refused')), 1_000)).resolves.toBeUndefined()
  })

  test('behavior: a promise that never settles is given up after `ms`', async () => {
    vi.useFakeTimers()
    let done = false
    settleWithin(new Promise(() => {}), 3_000).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(2_999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })
})
