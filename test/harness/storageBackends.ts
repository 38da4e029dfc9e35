import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { createLibsqlStorage } from '../../server/storage/libsql/createLibsqlStorage'
import { createPgStorage } from '../../server/storage/pg/createPgStorage'
import type { Storage } from '../../server/storage/storage'
import { createTestDatabase, type TestDatabase } from './postgres'

/** A database a storage test runs against; `describe.each(storageBackends())`. */
export interface StorageBackend {
  name: 'sqlite' | 'postgres'
  /** A storage on an empty, migrated database (a new one per call; the test closes it). */
  open(options?: { now?: () => number }): Promise<Storage>
  /** The storage again on the database of the last `open` (as a restarted server opens it). */
  reopen(options?: { now?: () => number }): Promise<Storage>
  /** The versions and names in `schema_migrations` of the last `open`'s database. */
  appliedMigrations(): Promise<[number, string][]>
}

function sqlite(): StorageBackend {
  let dir: string | undefined
  let url = ''
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    dir = undefined
  })
  return {
    name: 'sqlite',
    async open(options) {
      dir = mkdtempSync(join(tmpdir(), 'latchkey-storage-'))
      url = `file:${join(dir, 'db.sqlite')}`
      return createLibsqlStorage({ url, now: options?.now ?? (() => 1) })
    },
    reopen: (options) => createLibsqlStorage({ url, now: options?.now }),
    async appliedMigrations() {
      const { createClient } = await import('@libsql/client')
      const client = createClient({ url })
      const { rows } = await client.execute('SELECT version, name FROM schema_migrations')
      client.close()
      return rows.map((row) => [Number(row.version), String(row.name)])
    },
  }
}

function postgres(): StorageBackend {
  // One database per test file, emptied for each test (cheaper than a database per test).
  let database: Promise<TestDatabase> | undefined
  afterAll(async () => {
    await (await database)?.drop()
  })
  const url = async () => (await database)?.url ?? ''
  return {
    name: 'postgres',
    async open(options) {
      database ??= createTestDatabase()
      await (await database).clear()
      return createPgStorage({ url: await url(), now: options?.now ?? (() => 1) })
    },
    async reopen(options) {
      return createPgStorage({ url: await url(), now: options?.now })
    },
    async appliedMigrations() {
      const { Client } = await import('pg')
      const client = new Client({ connectionString: await url() })
      await client.connect()
      const { rows } = await client.query(
        'SELECT version, name FROM schema_migrations ORDER BY version',
      )
      await client.end()
      return rows.map((row) => [Number(row.version), String(row.name)])
    },
  }
}

/**
 * SQLite and PostgreSQL, for `describe.each`: call at the top of a test file (it registers the
 * file's cleanup hooks); every storage test runs on both databases.
 */
export function storageBackends(): StorageBackend[] {
  return [sqlite(), postgres()]
}
