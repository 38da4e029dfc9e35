import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { isPostgresUrl } from '../../server/storage/pg/isPostgresUrl'
import { createTestDatabase, type TestDatabase } from './postgres'

/** The databases the server tests run on. */
export type TestBackend = 'sqlite' | 'postgres'

/**
 * The database of this test run: PostgreSQL in the `integration-pg` project (which sets
 * `LATCHKEY_TEST_DATABASE=postgres` and re-runs every server file that starts a test server),
 * else SQLite.
 */
export function testBackend(): TestBackend {
  return process.env.LATCHKEY_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite'
}

/** An empty database of the run's backend, for one server (or one server restarted on it). */
export interface LeasedDatabase {
  backend: TestBackend
  /** `file:<dir>/latchkey.db` or `postgres://…/<name>`. */
  url: string
  /** Gives it back: SQLite removes the file; PostgreSQL keeps it for the worker's next lease. */
  release(): Promise<void>
}

/**
 * PostgreSQL databases of this worker no server holds: a lease takes one and empties it (one
 * DELETE of every table, ~50 ms, where a new database and its migrations take ~1.5 s), so a
 * worker makes only as many databases as it runs servers at once, whatever the number of files
 * and tests (7 for the 33 files on 3 workers).
 */
const idle: TestDatabase[] = []

/** An empty, private database of the run's backend ({@link testBackend}). */
export async function leaseTestDatabase(
  backend: TestBackend = testBackend(),
): Promise<LeasedDatabase> {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'latchkey-server-'))
    return {
      backend,
      url: `file:${join(dir, 'latchkey.db')}`,
      async release() {
        rmSync(dir, { recursive: true, force: true })
      },
    }
  }
  const database = idle.pop() ?? (await createTestDatabase())
  await database.clear()
  let released = false
  return {
    backend,
    url: database.url,
    async release() {
      if (released) return
      released = true
      idle.push(database)
    },
  }
}

const int8Oid = 20

/** Runs statements (`?` placeholders) on one connection; returns their rows. */
type Run = (sql: string, args?: unknown[]) => Promise<Record<string, unknown>[]>

/**
 * Runs `work` with a connection of its own to the database at `url` (as another process would
 * read it): `?` placeholders on both databases; BIGINT reads back as a number on both.
 */
async function withConnection<T>(url: string, work: (run: Run) => Promise<T>): Promise<T> {
  if (isPostgresUrl(url)) {
    const { Client, types } = await import('pg')
    const client = new Client({
      connectionString: url,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === int8Oid && format !== 'binary'
            ? (value: string) => Number(value)
            : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
      },
    })
    await client.connect()
    try {
      return await work(async (sql, args = []) => {
        let index = 0
        return (
          await client.query(
            sql.replace(/\?/g, () => `$${++index}`),
            args,
          )
        ).rows
      })
    } finally {
      await client.end()
    }
  }
  const { createClient } = await import('@libsql/client')
  const client = createClient({ url })
  try {
    return await work(async (sql, args = []) => {
      const { rows } = await client.execute({ sql, args: args as never })
      return rows.map((row) => ({ ...row }))
    })
  } finally {
    client.close()
  }
}

/** The rows `sql` (`?` placeholders) selects on the database at `url`, by a connection of its own. */
export function queryDatabase(
  url: string,
  sql: string,
  args: unknown[] = [],
): Promise<Record<string, unknown>[]> {
  return withConnection(url, (run) => run(sql, args))
}

/** Every row of every table of the database at `url`, each with its table's name as `__table`. */
export function readEveryRow(url: string): Promise<Record<string, unknown>[]> {
  return withConnection(url, async (run) => {
    const tables = await run(
      isPostgresUrl(url)
        ? "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'"
        : "SELECT name FROM sqlite_master WHERE type = 'table'",
    )
    const rows: Record<string, unknown>[] = []
    for (const { name } of tables)
      for (const row of await run(`SELECT * FROM "${String(name)}"`))
        rows.push({ ...row, __table: name })
    return rows
  })
}

/**
 * What the database at `url` holds, as bytes to search for secrets: on SQLite every byte it
 * wrote (main file, WAL, journal: freed pages too); on PostgreSQL, whose files hold other
 * databases' pages, every value of every row (text as UTF-8, bytea as its bytes).
 */
export async function databaseBytes(url: string): Promise<Buffer> {
  if (!isPostgresUrl(url)) {
    const path = url.replace(/^file:/, '')
    return Buffer.concat(
      readdirSync(dirname(path))
        .filter((name) => name.startsWith(basename(path)) && !name.endsWith('.master-key'))
        .map((name) => readFileSync(join(dirname(path), name))),
    )
  }
  const values = (await readEveryRow(url)).flatMap((row) => Object.values(row))
  return Buffer.concat(
    values.map((value) => (Buffer.isBuffer(value) ? value : Buffer.from(String(value)))),
  )
}
