import { describe, expect, test, vi } from 'vitest'
import { createLoader } from './createLoader'

describe('createLoader', () => {
  test('default: makes the value once for callers at the same time and after, and keeps it', async () => {
    const make = vi.fn(async () => ({ id: 1 }))
    const loader = createLoader(make)
    expect(loader.started).toBe(false)
    expect(loader.value).toBeUndefined()
    const [a, b] = await Promise.all([loader.load(), loader.load()])
    expect(a).toBe(b)
    expect(await loader.load()).toBe(a)
    expect(loader.value).toBe(a)
    expect(loader.started).toBe(true)
    expect(make).toHaveBeenCalledTimes(1)
  })

  test('behavior: the value is not there while the make is under way', async () => {
    let finish!: (value: string) => void
    const loader = createLoader(() => new Promise<string>((resolve) => (finish = resolve)))
    const loading = loader.load()
    expect(loader.started).toBe(true)
    expect(loader.value).toBeUndefined()
    finish('chunk')
    await expect(loading).resolves.toBe('chunk')
    expect(loader.value).toBe('chunk')
  })

  test('error: a failed make rejects its callers, is forgotten, and the next load tries again', async () => {
    const make = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValueOnce('chunk')
    const loader = createLoader(make)
    await expect(loader.load()).rejects.toThrow('ChunkLoadError')
    expect(loader.started).toBe(false)
    expect(loader.value).toBeUndefined()
    await expect(loader.load()).resolves.toBe('chunk')
    expect(make).toHaveBeenCalledTimes(2)
  })
})
