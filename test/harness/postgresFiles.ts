import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A test server whose database the file does not name: SQLite, or PostgreSQL in `integration-pg`. */
const startsServer = /harness\/(startTestServer|startSendLab|startSocialLab)'/
/** Files that name their databases run both already (`describe.each` over the backends). */
const namesDatabases = /\b(storageBackends|createTestDatabase|startCluster)\b/

/**
 * The server test files the `integration-pg` project runs again with PostgreSQL as the test
 * servers' database (`LATCHKEY_TEST_DATABASE=postgres`, read by `testDatabase.ts`): every file
 * under `dirs` that starts a test server on a database it does not name. Found by reading the
 * files, so a new server test is covered without a list to keep.
 */
export function postgresFiles(root: string, dirs: string[]): string[] {
  return dirs
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
        .map((file) => join(dir, file)),
    )
    .filter((file) => {
      const source = readFileSync(join(root, file), 'utf8')
      return startsServer.test(source) && !namesDatabases.test(source)
    })
    .sort()
}
