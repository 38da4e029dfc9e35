import { raceDeadline } from '../src/utils/raceDeadline'

/** How long the frame waits for IndexedDB to open before it keeps things in memory instead. */
const openTimeoutMs = 1_000

/** One object store of the frame's IndexedDB on the wallet origin, opened on first use. */
export interface FrameStore {
  /** The database; undefined where the browser gives the frame no IndexedDB (memory only). */
  opened(): Promise<IDBDatabase | undefined>
  /** One request in its own transaction; undefined when there is no database or it fails. */
  run<T>(
    mode: IDBTransactionMode,
    request: (store: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T | undefined>
}

function idbRequest<T>(pending: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    pending.onsuccess = () => resolve(pending.result)
    pending.onerror = () => reject(pending.error)
  })
}

function openDatabase(databaseName: string, storeName: string): Promise<IDBDatabase | undefined> {
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

/**
 * One of the frame's stores (database version 1, one object store): opened once, on first use;
 * where the browser blocks storage (a cross-site frame), has no IndexedDB, or does not open it
 * within a second, every request answers undefined and the caller keeps its values in memory.
 */
export function createFrameStore(databaseName: string, storeName: string): FrameStore {
  let database: Promise<IDBDatabase | undefined> | undefined
  const opened = () => {
    database ??= openDatabase(databaseName, storeName)
    return database
  }
  return {
    opened,
    async run(mode, request) {
      const db = await opened()
      if (!db) return undefined
      try {
        return await idbRequest(request(db.transaction(storeName, mode).objectStore(storeName)))
      } catch {
        return undefined
      }
    },
  }
}
