import { type StorageKey, type StorageValues, storageSchemas } from '../schemas/storage'

/** The part of the Web Storage API Latchkey uses. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Typed, validated storage that never throws. */
export interface LatchkeyStorage {
  /** The value under `key`, or undefined when absent; a corrupted value is removed. */
  get<K extends StorageKey>(key: K): StorageValues[K] | undefined
  /** Stores a value; an invalid one is refused with a warning. */
  set<K extends StorageKey>(key: K, value: StorageValues[K]): void
  /** Removes the value under `key`. */
  remove(key: StorageKey): void
}

/** Parameters of {@link createStorage}. */
export type CreateStorageParameters = {
  /**
   * Backing store, or a function returning it (read on first use, so SSR never touches it).
   * @default () => globalThis.localStorage
   */
  storage?: StorageLike | (() => StorageLike | undefined) | undefined
  /**
   * Prefix of every key, e.g. `latchkey.recentWallets`.
   * @default 'latchkey'
   */
  prefix?: string | undefined
  /**
   * Called with a message when storage fails or holds a corrupted value.
   * @default console.warn
   */
  onWarn?: ((message: string) => void) | undefined
}

function defaultStorage(): StorageLike | undefined {
  return globalThis.localStorage
}

function memoryStorage(): StorageLike {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
  }
}

/**
 * Creates storage that never throws: a failing backing store (private mode, blocked third-party
 * storage, full quota) is swapped for memory with one warning; corrupted values are dropped.
 */
export function createStorage(parameters: CreateStorageParameters = {}): LatchkeyStorage {
  const { storage = defaultStorage, prefix = 'latchkey' } = parameters
  const warn = parameters.onWarn ?? ((message: string) => console.warn(message))
  let backing: StorageLike | undefined
  let fallenBack = false

  function fallBack(error: unknown) {
    if (!fallenBack) warn(`Storage is unavailable; keeping values in memory. ${String(error)}`)
    fallenBack = true
    backing = memoryStorage()
    return backing
  }

  function resolve(): StorageLike {
    if (backing) return backing
    try {
      backing = (typeof storage === 'function' ? storage() : storage) ?? memoryStorage()
    } catch (error) {
      return fallBack(error)
    }
    return backing
  }

  function run<T>(operation: (store: StorageLike) => T): T {
    try {
      return operation(resolve())
    } catch (error) {
      return operation(fallBack(error))
    }
  }

  const keyOf = (key: StorageKey) => `${prefix}.${key}`

  return {
    get(key) {
      const raw = run((store) => store.getItem(keyOf(key)))
      if (raw === null || raw === undefined) return undefined
      const result = (() => {
        try {
          return storageSchemas[key].safeParse(JSON.parse(raw))
        } catch {
          return undefined
        }
      })()
      if (result?.success) return result.data as StorageValues[typeof key]
      warn(`Dropped a corrupted stored value for "${key}".`)
      run((store) => store.removeItem(keyOf(key)))
      return undefined
    },
    set(key, value) {
      const result = storageSchemas[key].safeParse(value)
      if (!result.success) {
        warn(`Refused to store an invalid value for "${key}".`)
        return
      }
      const serialized = JSON.stringify(result.data)
      run((store) => store.setItem(keyOf(key), serialized))
    },
    remove(key) {
      run((store) => store.removeItem(keyOf(key)))
    },
  }
}
