import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { inject } from 'vitest'
import { freePort } from './anvil'
import { readIfThere, startPostgresServer, writeWhole } from './postgresServer'

/** A database of its own on the run's PostgreSQL server. */
export interface TestDatabase {
  /** `postgres://latchkey@127.0.0.1:<port>/<name>` */
  url: string
  /** Empties every table but `schema_migrations` (the schema stays migrated). */
  clear(): Promise<void>
  drop(): Promise<void>
}

let server: Promise<string> | undefined

/**
 * The URL of the run's server: the first worker to ask starts it (a folder made with mkdir is the
 * lock), the others wait for the URL file it writes.
 */
function serverUrl(): Promise<string> {
  server ??= (async () => {
    const dir = inject('postgresDir')
    if (!dir)
      throw new Error('No PostgreSQL folder: add test/harness/postgresSetup.ts to globalSetup')
    const urlFile = join(dir, 'url')
    const failedFile = join(dir, 'failed')
    let starter = true
    try {
      mkdirSync(join(dir, 'starting'))
    } catch {
      starter = false
    }
    if (starter) {
      try {
        writeWhole(urlFile, startPostgresServer(dir, await freePort()))
      } catch (error) {
        writeWhole(failedFile, String(error))
        throw error
      }
    }
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(50)) {
      const url = readIfThere(urlFile)
      if (url) return url
      const failed = readIfThere(failedFile)
      if (failed) throw new Error(`PostgreSQL did not start: ${failed}`)
    }
    throw new Error('PostgreSQL did not start within 90 s')
  })()
  return server
}

/** Runs `sql` on `url` with a short-lived connection. */
async function run(url: string, sql: string): Promise<{ rows: Record<string, unknown>[] }> {
  const { Client } = await import('pg')
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

/** A new, empty database on the run's PostgreSQL server (one per test file). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = await serverUrl()
  const name = `t_${randomBytes(8).toString('hex')}`
  await run(admin, `CREATE DATABASE ${name}`)
  const url = admin.replace(/\/postgres$/, `/${name}`)
  return {
    url,
    async clear() {
      // One round trip. DELETE, not TRUNCATE: these tables hold a few rows, and TRUNCATE makes
      // new files for every table and index (650 ms for the 28 empty tables, DELETE 55 ms).
      // Foreign keys are not checked meanwhile (replica role), so the order does not matter.
      await run(
        url,
        `DO $$ DECLARE name text; BEGIN
          SET LOCAL session_replication_role = replica;
          FOR name IN SELECT tablename FROM pg_tables
            WHERE schemaname = 'public' AND tablename <> 'schema_migrations' LOOP
            EXECUTE format('DELETE FROM %I', name);
          END LOOP;
        END $$`,
      )
    },
    async drop() {
      await run(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}
