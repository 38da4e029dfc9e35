import { closeSync, openSync } from 'node:fs'
import { databaseFilePath } from '../../crypto/resolveMasterKey'

/**
 * Creates the SQLite file of a `file:` URL, if missing, readable by this user only (0600):
 * SQLite gives its -wal and -shm files the same mode. An existing file is left as it is.
 */
export function createDatabaseFile(url: string): void {
  const path = databaseFilePath(url)
  if (!path || path === ':memory:') return
  try {
    closeSync(openSync(path, 'wx', 0o600))
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error
  }
}
