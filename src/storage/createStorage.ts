import type { StorageKey, StorageValues } from '../schemas/storage'
import { storageGuards } from '../schemas/storageGuards'
import { createValidatedStorage, type StorageLike } from './createValidatedStorage'

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

/**
 * Creates the modal's storage (recent wallets, active network…): {@link createValidatedStorage}
 * over `localStorage` with the rules of `storageSchemas` (checked by `storageGuards`, no zod on
 * the modal's first open), under the `latchkey.` prefix.
 */
export function createStorage(parameters: CreateStorageParameters = {}): LatchkeyStorage {
  return createValidatedStorage({
    schemas: storageGuards,
    storage: parameters.storage,
    prefix: parameters.prefix ?? 'latchkey',
    onWarn: parameters.onWarn,
  })
}
