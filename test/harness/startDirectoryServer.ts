import type { DirectoryOptions } from '../../server/directory/directoryOptions'
import { type ServerProcess, startServerProcess } from './startServerProcess'

/** A real Latchkey server with its directory routes, in a child process (for UI tests). */
export type DirectoryServerProcess = ServerProcess

/**
 * Starts a real server (SQLite, its `directory` option; `{}`: the sample registry) in a child
 * process (see `startServerProcess`).
 */
export function startDirectoryServer(
  directory: Partial<DirectoryOptions> = {},
): Promise<DirectoryServerProcess> {
  return startServerProcess({ directory }, 'directory server')
}
