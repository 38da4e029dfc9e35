import * as z from 'zod/mini'

// zod/mini: the connector shell loads this on every page, before any click.
const positiveInt = z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER))

// What the host keeps about the embedded wallet (SPEC §3 "Stored locally"). Never a session
// token, key or code: the frame keeps its session on its own origin.

/** Schemas of the values the embedded wallet keeps on the host, by key; failing values are dropped. */
export const embeddedStorageSchemas = {
  /** An email login succeeded on this browser: create the frame at once on the next visit. */
  'latchkey.embedded.loginUsed': z.literal(true),
  /** The login email, shown on Account. */
  'latchkey.embedded.email': z.email().check(z.maxLength(254)),
  /** When the last email login was triggered (ms since epoch), for the 30 s cooldown. */
  'latchkey.embedded.lastEmailLoginAt': z.number().check(z.int(), z.nonnegative()),
  /** The last chain the wallet used; `eth_chainId` is answered from it. */
  'latchkey.embedded.chainId': positiveInt,
  /** Chain ids with smart accounts enabled (SPEC §3: a list of numeric chain ids). */
  'latchkey.embedded.smartAccountNetworks': z.array(positiveInt).check(z.maxLength(1024)),
  /** The account type the visitor prefers (SPEC §4 "Preferred account type"). */
  'latchkey.embedded.preferredAccountType': z.enum(['eoa', 'smartAccount']),
} as const

/** A key the embedded wallet stores a value under. */
export type EmbeddedStorageKey = keyof typeof embeddedStorageSchemas

/** The value type stored under each key. */
export type EmbeddedStorageValues = {
  [K in EmbeddedStorageKey]: z.output<(typeof embeddedStorageSchemas)[K]>
}

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
      if (raw === null || raw === undefined) return undefined
      const result = embeddedStorageSchemas[key].safeParse(raw)
      if (result.success) return result.data as EmbeddedStorageValues[typeof key]
      await attempt((s) => s.removeItem(key))
      return undefined
    },
    async set(key, value) {
      const result = embeddedStorageSchemas[key].safeParse(value)
      if (!result.success) return
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
