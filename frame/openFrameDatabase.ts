import { raceDeadline } from '../src/utils/raceDeadline'

/** How long the frame waits for IndexedDB to open before it keeps things in memory instead. */
const openTimeoutMs = 1_000

/** An IndexedDB request as a promise. */
export function idbRequest<T>(run: () => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const pending = run()
    pending.onsuccess = () => resolve(pending.result)
    pending.onerror = () => reject(pending.error)
  })
}

/**
 * Opens one of the frame's databases (version 1, one object store) on the wallet origin;
 * undefined where the browser blocks storage (a cross-site frame), has no IndexedDB, or does not
 * open it within a second: the caller then keeps its values in memory.
 */
export function openFrameDatabase(
  databaseName: string,
  storeName: string,
): Promise<IDBDatabase | undefined> {
  const opened = new Promise<IDBDatabase | undefined>((resolve) => {
    try {
      const opening = indexedDB.open(databaseName, 1)
      opening.onupgradeneeded = () => opening.result.createObjectStore(storeName)
      opening.onsuccess = () => resolve(opening.result)
      opening.onerror = () => resolve(undefined)
      opening.onblocked = () => resolve(undefined)
    } catch {
      // SecurityError: third-party storage blocked, or no IndexedDB at all.
      resolve(undefined)
    }
  })
  return raceDeadline(opened, openTimeoutMs, () => new Error('IndexedDB did not open')).catch(
    () => undefined,
  )
}
