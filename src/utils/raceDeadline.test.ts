import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ConnectTimeoutError } from '../errors/ConnectTimeoutError'
import { raceDeadline } from './raceDeadline'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

const timeout = () => new ConnectTimeoutError({ timeout: 1_000 })

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('raceDeadline', () => {
  test('default: settles with the answer before the deadline and leaves no timer', async () => {
    const answer = deferred<string>()
    const raced = raceDeadline(answer.promise, 1_000, timeout)
    vi.advanceTimersByTime(999)
    answer.resolve('0xabc')
    await expect(raced).resolves.toBe('0xabc')
    expect(vi.getTimerCount()).toBe(0)
  })

  test('behavior: the deadline wins with the typed error, built only when it fires', async () => {
    const make = vi.fn(timeout)
    const raced = raceDeadline(new Promise<never>(() => {}), 1_000, make)
    vi.advanceTimersByTime(999)
    expect(make).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    await expect(raced).rejects.toBeInstanceOf(ConnectTimeoutError)
    await expect(raced).rejects.toMatchObject({ name: 'ConnectTimeoutError', timeout: 1_000 })
    expect(make).toHaveBeenCalledTimes(1)
  })

  test('behavior: a failure before the deadline comes through as it was and clears the timer', async () => {
    const answer = deferred<string>()
    const raced = raceDeadline(answer.promise, 1_000, timeout)
    const failure = new TypeError('accounts.map is not a function')
    answer.reject(failure)
    await expect(raced).rejects.toBe(failure)
    expect(vi.getTimerCount()).toBe(0)
  })

  test('behavior: an answer after the deadline changes nothing and a late failure is not unhandled', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const answer = deferred<string>()
      const raced = raceDeadline(answer.promise, 1_000, timeout)
      vi.advanceTimersByTime(1_000)
      await expect(raced).rejects.toBeInstanceOf(ConnectTimeoutError)
      answer.reject(new Error('late'))
      vi.useRealTimers()
      await new Promise((resolve) => setTimeout(resolve, 10))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
