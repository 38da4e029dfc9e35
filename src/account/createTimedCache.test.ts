import { expect, test } from 'vitest'
import { createTimedCache } from './createTimedCache'

function setup() {
  let time = 0
  const cache = createTimedCache<number>({ lifetimeMs: 30_000, now: () => time })
  let loads = 0
  const load = () => Promise.resolve(++loads)
  return { cache, load, advance: (ms: number) => (time += ms), loads: () => loads }
}

test('default: a value is kept for its lifetime, then loaded again', async () => {
  const { cache, load, advance } = setup()
  expect(await cache.get('k', load)).toBe(1)
  advance(29_999)
  expect(await cache.get('k', load)).toBe(1)
  advance(1)
  expect(await cache.get('k', load)).toBe(2)
})

test('behavior: one load per key in flight; other keys load apart', async () => {
  const { cache, loads } = setup()
  let release: (value: number) => void = () => {}
  const slow = () => new Promise<number>((resolve) => (release = resolve))
  const both = [cache.get('k', slow), cache.get('k', slow), cache.get('k', slow, { fresh: true })]
  release(7)
  expect(await Promise.all(both)).toEqual([7, 7, 7])
  expect(loads()).toBe(0)
})

test('error: a failed load stores nothing and the next call loads again', async () => {
  const { cache, load } = setup()
  await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
  expect(await cache.get('k', load)).toBe(1)
})

test('parameters: fresh skips the stored value', async () => {
  const { cache, load } = setup()
  await cache.get('k', load)
  expect(await cache.get('k', load, { fresh: true })).toBe(2)
})
