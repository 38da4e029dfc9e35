import {
  type AsyncStorageLike,
  createValidatedStorage,
  type ValidatedStorage,
} from '../storage/createValidatedStorage'
import { type EmbeddedStorageKey, embeddedStorageSchemas } from './embeddedStorageSchemas'

/** Validated embedded-wallet values over any (possibly async) storage; never throws. */
export interface EmbeddedStore extends ValidatedStorage<typeof embeddedStorageSchemas, true> {
  /** Clears the cached login (flag and email), as when the frame says the session is gone. */
  clearLogin(): Promise<void>
}

/** Keys of the cached login data (SPEC §4 "Other frame rules"). */
export const embeddedLoginKeys: readonly EmbeddedStorageKey[] = [
  'latchkey.embedded.loginUsed',
  'latchkey.embedded.email',
  'latchkey.embedded.socialProvider',
  'latchkey.embedded.socialUserName',
]

/**
 * Creates the embedded wallet's store over e.g. wagmi's `config.storage` (memory without one):
 * {@link createValidatedStorage} with the schemas of `embeddedStorageSchemas`. This module loads
 * with the connector's session, never in the first bundle (the shell only tests for a flag).
 */
export function createEmbeddedStore(storage?: AsyncStorageLike | null): EmbeddedStore {
  const values = createValidatedStorage({
    schemas: embeddedStorageSchemas,
    storage,
    async: true,
    // Nothing here is worth a console line: the values are caches the frame can rebuild.
    onWarn: () => {},
  })
  return {
    ...values,
    async clearLogin() {
      for (const key of embeddedLoginKeys) await values.remove(key)
    },
  }
}
