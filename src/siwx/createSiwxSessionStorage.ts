import * as z from 'zod/mini'
import { createValidatedStorage, type StorageLike } from '../storage/createValidatedStorage'
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

// The stored list as a list: entries are checked one by one, so one bad entry never costs the rest.
const sessionListSchema = z.array(z.unknown())

/**
 * Session list storage for the local sign-in adapter, over {@link createValidatedStorage}: a
 * failing backing store falls back to memory (one warning), a list that is not one is dropped,
 * invalid entries are dropped one by one, never the whole list.
 */
export function createSiwxSessionStorage(
  parameters: CreateSiwxSessionStorageParameters = {},
): SiwxSessionStorage {
  const { key = 'latchkey.siwx.sessions' } = parameters
  const warn = parameters.onWarn ?? ((message: string) => console.warn(message))
  const storage = createValidatedStorage({
    schemas: { [key]: sessionListSchema },
    storage: parameters.storage,
    onWarn: warn,
  })

  return {
    read() {
      const entries = storage.get(key) ?? []
      const sessions: SiwxSession[] = []
      for (const entry of entries) {
        const result = siwxSessionSchema.safeParse(entry)
        if (result.success) sessions.push(result.data)
      }
      if (sessions.length !== entries.length) warn('Dropped a corrupted sign-in session.')
      return sessions
    },
    write(sessions) {
      if (sessions.length) storage.set(key, [...sessions])
      else storage.remove(key)
    },
  }
}
