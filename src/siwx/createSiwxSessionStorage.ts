import * as z from 'zod/mini'
import type { StorageLike } from '../storage/createStorage'
import { siwxSessionSchema } from './siwxSchemas'
import type { SiwxSession } from './types'

/** Parameters of {@link createSiwxSessionStorage}. */
export type CreateSiwxSessionStorageParameters = {
  /**
   * Backing store, or a function returning it (read on first use, so SSR never touches it).
   * @default () => globalThis.localStorage
   */
  storage?: StorageLike | (() => StorageLike | undefined) | undefined
  /**
   * Key the session list is kept under.
   * @default 'latchkey.siwx.sessions'
   */
  key?: string | undefined
  /**
   * Called when storage fails or holds a corrupted value.
   * @default console.warn
   */
  onWarn?: ((message: string) => void) | undefined
}

/** A list of sign-in sessions kept in Web Storage that never throws. */
export interface SiwxSessionStorage {
  /** Every stored session that still passes the session schema; corrupted entries are dropped. */
  read(): SiwxSession[]
  /** Replaces the stored list. */
  write(sessions: readonly SiwxSession[]): void
}

/**
 * Session list storage for the local sign-in adapter: a failing backing store falls back to
 * memory (one warning), invalid entries are dropped one by one, never the whole list.
 */
export function createSiwxSessionStorage(
  parameters: CreateSiwxSessionStorageParameters = {},
): SiwxSessionStorage {
  const { key = 'latchkey.siwx.sessions' } = parameters
  const source = parameters.storage ?? (() => globalThis.localStorage as StorageLike | undefined)
  const warn = parameters.onWarn ?? ((message: string) => console.warn(message))
  const memory = new Map<string, string>()
  const memoryStorage: StorageLike = {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, String(v)),
    removeItem: (k) => void memory.delete(k),
  }
  let backing: StorageLike | undefined
  let fallenBack = false

  function run<T>(operation: (store: StorageLike) => T): T {
    try {
      backing ??= (typeof source === 'function' ? source() : source) ?? memoryStorage
      return operation(backing)
    } catch (error) {
      if (!fallenBack)
        warn(`Storage is unavailable; keeping sign-in sessions in memory. ${String(error)}`)
      fallenBack = true
      backing = memoryStorage
      return operation(memoryStorage)
    }
  }

  return {
    read() {
      const raw = run((store) => store.getItem(key))
      if (raw === null || raw === undefined) return []
      let entries: unknown[]
      try {
        entries = z.parse(z.array(z.unknown()), JSON.parse(raw))
      } catch {
        warn('Dropped corrupted sign-in sessions.')
        run((store) => store.removeItem(key))
        return []
      }
      const sessions: SiwxSession[] = []
      for (const entry of entries) {
        const result = siwxSessionSchema.safeParse(entry)
        if (result.success) sessions.push(result.data)
      }
      if (sessions.length !== entries.length) warn('Dropped a corrupted sign-in session.')
      return sessions
    },
    write(sessions) {
      const serialized = JSON.stringify(sessions)
      run((store) => (sessions.length ? store.setItem(key, serialized) : store.removeItem(key)))
    },
  }
}
