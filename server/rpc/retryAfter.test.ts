import { describe, expect, test } from 'vitest'
import { backoffDelay } from './backoff'
import { createTokenBucket } from './createTokenBucket'
import { parseRetryAfter } from './retryAfter'

const now = Date.UTC(2026, 0, 1, 12, 0, 0)

describe('parseRetryAfter', () => {
  test('default: H1 delay-seconds and an HTTP-date (IMF-fixdate, RFC 850, asctime)', () => {
    expect(parseRetryAfter('2', now)).toBe(2_000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('1.5', now)).toBe(1_500)
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:03 GMT', now)).toBe(3_000)
    expect(parseRetryAfter('Thursday, 01-Jan-26 12:00:04 GMT', now)).toBe(4_000)
    expect(parseRetryAfter('Thu Jan  1 12:00:05 2026', now)).toBe(5_000)
  })

  test('error: H2 negative, past, garbage or missing values give undefined (backoff instead)', () => {
    for (const value of ['-5', 'soon', '', '1e3', '0x10', '2026-01-01T12:00:03Z', null, undefined])
      expect(parseRetryAfter(value, now)).toBeUndefined()
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:59:00 GMT', now)).toBeUndefined()
  })

  test('behavior: H2 86400 is parsed as it is (the transport refuses to wait that long)', () => {
    expect(parseRetryAfter('86400', now)).toBe(86_400_000)
  })
})

describe('backoffDelay', () => {
  test('default: H3 full jitter: uniform in [0, 150 · 2^retry)', () => {
    expect([0, 1, 2].map((retry) => backoffDelay(retry, 150, () => 0))).toEqual([0, 0, 0])
    expect([0, 1, 2].map((retry) => backoffDelay(retry, 150, () => 0.999_999))).toEqual([
      149, 299, 599,
    ])
    expect(backoffDelay(1, 150, () => 0.5)).toBe(150)
  })
})

describe('createTokenBucket', () => {
  test('behavior: H10 a burst goes at once, then one slot per interval, in order', () => {
    let clock = 0
    const bucket = createTokenBucket({
      ratePerSecond: 20,
      burst: 3,
      now: () => clock,
      random: () => 0,
    })
    const waits = Array.from({ length: 6 }, () => bucket.reserve(10_000))
    expect(waits).toEqual([
      { waitMs: 0 },
      { waitMs: 0 },
      { waitMs: 0 },
      { waitMs: 50 },
      { waitMs: 100 },
      { waitMs: 150 },
    ])
    clock = 1_000
    // After a quiet second the burst is back.
    expect(bucket.reserve(10_000)).toEqual({ waitMs: 0 })
  })

  test('error: H10 a slot after the deadline is not booked: retryAfterMs instead', () => {
    const bucket = createTokenBucket({ ratePerSecond: 10, burst: 1, now: () => 0, random: () => 0 })
    expect(bucket.reserve(1_000)).toEqual({ waitMs: 0 })
    expect(bucket.reserve(50)).toEqual({ retryAfterMs: 100 })
    // Not booked: the next caller with room still gets the 100 ms slot.
    expect(bucket.reserve(1_000)).toEqual({ waitMs: 100 })
  })

  test('behavior: H10 queued slots get a jitter of up to one interval', () => {
    const bucket = createTokenBucket({
      ratePerSecond: 10,
      burst: 1,
      now: () => 0,
      random: () => 0.5,
    })
    expect(bucket.reserve(1_000)).toEqual({ waitMs: 0 })
    expect(bucket.reserve(1_000)).toEqual({ waitMs: 150 })
  })
})
