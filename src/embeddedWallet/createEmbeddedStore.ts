import type { EmbeddedStorageKey, EmbeddedStorageValues } from './embeddedStorageSchemas'

// No zod here: this file is in the first bundle (the connector shell runs it at start-up), and a
// static zod import there pulls every zod module the lazy parts use into that bundle. Values are
// still parsed before use, by `embeddedStorageSchemas`, loaded only when a value is present.
// A failed load (offline, a deploy replaced the chunk) reads as "no value" and writes nothing.
const loadParser = () =>
  import('./embeddedStorageSchemas').then(
    (module) => module.parseEmbeddedValue,
    () => undefined,
  )

/** A key-value store that may answer asynchronously, such as wagmi's `config.storage`. */
export type EmbeddedStorageLike = {
  getItem(key: string): unknown
  setItem(key: string, value: never): unknown
  removeItem(key: string): unknown
}

/** Validated embedded-wallet values over any (possibly async) storage; never throws. */
export interface EmbeddedStore {
  /** The value under `key`, or undefined when absent or corrupted (a corrupted one is removed). */
  get<K extends EmbeddedStorageKey>(key: K): Promise<EmbeddedStorageValues[K] | undefined>
  /** Stores a value; an invalid one is refused. */
  set<K extends EmbeddedStorageKey>(key: K, value: EmbeddedStorageValues[K]): Promise<void>
  /** Removes the value under `key`. */
  remove(key: EmbeddedStorageKey): Promise<void>
  /** Clears the cached login (flag and email), as when the frame says the session is gone. */
  clearLogin(): Promise<void>
}

/** Keys of the cached login data (SPEC §4 "Other frame rules"). */
export const embeddedLoginKeys: readonly EmbeddedStorageKey[] = [
  'latchkey.embedded.loginUsed',
  'latchkey.embedded.email',
]

/** Creates the embedded wallet's store over e.g. wagmi's `config.storage`; memory without one. */
export function createEmbeddedStore(storage?: EmbeddedStorageLike | null): EmbeddedStore {
  const memory = new Map<string, unknown>()
  let backing: EmbeddedStorageLike = storage ?? {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  }

  async function attempt<T>(
    operation: (store: EmbeddedStorageLike) => unknown,
  ): Promise<T | undefined> {
    try {
      return (await operation(backing)) as T
    } catch {
      // Storage that throws (private mode, blocked) is swapped for memory; values are not secrets.
      backing = {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      }
      try {
        return (await operation(backing)) as T
      } catch {
        return undefined
      }
    }
  }

  const store: EmbeddedStore = {
    async get(key) {
      const raw = await attempt<unknown>((s) => s.getItem(key))
      // Absent: nothing to parse, and the schemas stay unloaded (a first visit loads no zod).
      if (raw === null || raw === undefined) return undefined
      const parse = await loadParser()
      if (!parse) return undefined
      const result = parse(key, raw)
      if (result.success) return result.data
      await attempt((s) => s.removeItem(key))
      return undefined
    },
    async set(key, value) {
      const result = (await loadParser())?.(key, value)
      if (!result?.success) return
      await attempt((s) => s.setItem(key, result.data as never))
    },
    async remove(key) {
      await attempt((s) => s.removeItem(key))
    },
    async clearLogin() {
      for (const key of embeddedLoginKeys) await store.remove(key)
    },
  }
  return store
}
