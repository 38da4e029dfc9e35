import * as fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import {
  type AsyncStorageLike,
  createValidatedStorage,
  type StorageLike,
} from './createValidatedStorage'

const schemas = {
  theme: z.enum(['dark', 'light']),
  count: z.number().check(z.int(), z.nonnegative()),
}

function webStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    values,
    getItem: vi.fn((key: string) => values.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void values.set(key, value)),
    removeItem: vi.fn((key: string) => void values.delete(key)),
  } satisfies StorageLike & { values: Map<string, string> }
}

// A store that answers with promises and keeps values as they are, as wagmi's `config.storage`.
function asyncStorage(initial: Record<string, unknown> = {}) {
  const values = new Map(Object.entries(initial))
  return {
    values,
    getItem: async (key: string) => values.get(key) ?? null,
    setItem: async (key: string, value: unknown) => void values.set(key, value),
    removeItem: async (key: string) => void values.delete(key),
  } satisfies AsyncStorageLike & { values: Map<string, unknown> }
}

const rejecting: AsyncStorageLike = {
  getItem: () => Promise.reject(new DOMException('denied', 'SecurityError')),
  setItem: () => Promise.reject(new DOMException('denied', 'SecurityError')),
  removeItem: () => Promise.reject(new DOMException('denied', 'SecurityError')),
}

describe('createValidatedStorage (Web Storage)', () => {
  test('default: JSON round trip under prefixed keys', () => {
    const backing = webStorage()
    const storage = createValidatedStorage({ schemas, storage: backing, prefix: 'app' })
    storage.set('theme', 'light')
    storage.set('count', 3)
    expect(Object.fromEntries(backing.values)).toEqual({ 'app.theme': '"light"', 'app.count': '3' })
    expect(storage.get('theme')).toBe('light')
    expect(storage.get('count')).toBe(3)
    storage.remove('theme')
    expect(storage.get('theme')).toBeUndefined()
    expect(backing.values.has('app.theme')).toBe(false)
  })

  test('behavior: a stored value failing its schema is dropped, removed and warned about once', () => {
    const onWarn = vi.fn()
    const backing = webStorage({ theme: '"sepia"', count: '{not json' })
    const storage = createValidatedStorage({ schemas, storage: backing, onWarn })
    expect(storage.get('theme')).toBeUndefined()
    expect(storage.get('count')).toBeUndefined()
    expect(backing.values.size).toBe(0)
    expect(onWarn.mock.calls).toEqual([
      ['Dropped a corrupted stored value for "theme".'],
      ['Dropped a corrupted stored value for "count".'],
    ])
  })

  test('behavior: an invalid value is refused, nothing is written', () => {
    const onWarn = vi.fn()
    const backing = webStorage()
    const storage = createValidatedStorage({ schemas, storage: backing, onWarn })
    storage.set('count', -1)
    expect(backing.values.size).toBe(0)
    expect(onWarn).toHaveBeenCalledWith('Refused to store an invalid value for "count".')
  })

  test('behavior: a throwing store (and a throwing getter) is swapped for memory with one warning', () => {
    for (const storage of [
      () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
      {
        ...webStorage(),
        getItem: () => {
          throw new DOMException('denied', 'SecurityError')
        },
      },
    ]) {
      const onWarn = vi.fn()
      const validated = createValidatedStorage({ schemas, storage, onWarn })
      expect(validated.get('theme')).toBeUndefined()
      validated.set('theme', 'dark')
      expect(validated.get('theme')).toBe('dark')
      validated.remove('theme')
      expect(validated.get('theme')).toBeUndefined()
      expect(onWarn).toHaveBeenCalledTimes(1)
    }
  })

  test('behavior: no store (SSR) keeps values in memory without a warning; two never share it', () => {
    const onWarn = vi.fn()
    const first = createValidatedStorage({ schemas, storage: () => undefined, onWarn })
    const second = createValidatedStorage({ schemas, storage: null, onWarn })
    first.set('theme', 'light')
    expect(first.get('theme')).toBe('light')
    expect(second.get('theme')).toBeUndefined()
    expect(onWarn).not.toHaveBeenCalled()
  })

  test('property: never throws, and returns only values that pass the schema', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (raw, throws) => {
        const backing = webStorage({ count: raw })
        if (throws)
          backing.removeItem.mockImplementation(() => {
            throw new Error('denied')
          })
        const value = createValidatedStorage({ schemas, storage: backing, onWarn: () => {} }).get(
          'count',
        )
        return value === undefined || schemas.count.safeParse(value).success
      }),
    )
  })
})

describe('createValidatedStorage (text: strings kept as they are)', () => {
  const textSchemas = { token: z.string().check(z.regex(/^[a-z]{4,}$/)) }

  test('parameters: encoding text stores strings unquoted and reads them back', () => {
    const backing = webStorage({ token: 'abcdef' })
    const storage = createValidatedStorage({
      schemas: textSchemas,
      storage: backing,
      encoding: 'text',
    })
    expect(storage.get('token')).toBe('abcdef')
    storage.set('token', 'ghijkl')
    expect(backing.values.get('token')).toBe('ghijkl')
  })

  test('behavior: a stored string failing its schema is dropped and removed', () => {
    const onWarn = vi.fn()
    const backing = webStorage({ token: '"quoted"' })
    const storage = createValidatedStorage({
      schemas: textSchemas,
      storage: backing,
      encoding: 'text',
      onWarn,
    })
    expect(storage.get('token')).toBeUndefined()
    expect(backing.values.has('token')).toBe(false)
    expect(onWarn).toHaveBeenCalledWith('Dropped a corrupted stored value for "token".')
  })
})

describe('createValidatedStorage (async, values kept as they are)', () => {
  test('default: every method answers with a promise; values are written unserialized', async () => {
    const backing = asyncStorage()
    const storage = createValidatedStorage({ schemas, storage: backing, async: true })
    const written = storage.set('count', 7)
    expect(written).toBeInstanceOf(Promise)
    await written
    expect(backing.values.get('count')).toBe(7)
    expect(await storage.get('count')).toBe(7)
    await storage.remove('count')
    expect(await storage.get('count')).toBeUndefined()
  })

  test('behavior: a value failing its schema is dropped and removed', async () => {
    const backing = asyncStorage({ theme: 'sepia' })
    const storage = createValidatedStorage({
      schemas,
      storage: backing,
      async: true,
      onWarn: () => {},
    })
    expect(await storage.get('theme')).toBeUndefined()
    expect(backing.values.has('theme')).toBe(false)
  })

  test('behavior: a store whose promises reject is swapped for memory with one warning', async () => {
    const onWarn = vi.fn()
    const storage = createValidatedStorage({ schemas, storage: rejecting, async: true, onWarn })
    expect(await storage.get('theme')).toBeUndefined()
    await storage.set('theme', 'dark')
    expect(await storage.get('theme')).toBe('dark')
    expect(onWarn).toHaveBeenCalledTimes(1)
    expect(onWarn.mock.calls[0]?.[0]).toMatchInlineSnapshot(
      `"Storage is unavailable; keeping values in memory. SecurityError: denied"`,
    )
  })
})
