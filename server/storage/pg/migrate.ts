import type { Pool } from 'pg'
import { z } from 'zod'
import type { Migration } from '../migration'
import { migrations as allMigrations } from '../migrations'

/**
 * A migration statement as PostgreSQL runs it. The migrations are written for both databases;
 * a statement one of them words differently is rewritten here, never by editing a released
 * migration. None needs it yet: the map is where such a rewrite goes.
 */
export function pgStatement(sql: string): string {
  return sql
}

const appliedRow = z.object({
  version: z.coerce.number(),
  applied_at: z.coerce.number(),
})

/** The migrations recorded in `schema_migrations` (none when the table is missing). */
export async function appliedPgMigrations(
  pool: Pool,
): Promise<{ version: number; appliedAt: number }[]> {
  const { rows } = await pool
    .query<Record<string, unknown>>(
      'SELECT version, applied_at FROM schema_migrations ORDER BY version',
    )
    .catch((error: unknown) => {
      // 42P01: undefined_table (a database no server has opened yet).
      if ((error as { code?: unknown }).code === '42P01') return { rows: [] }
      throw error
    })
  return rows.map((row) => {
    const parsed = appliedRow.parse(row)
    return { version: parsed.version, appliedAt: parsed.applied_at }
  })
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction,
 * under a session advisory lock: of several servers starting at once on one database, one
 * migrates and the others then find the work done.
 */
export async function migratePg(
  pool: Pool,
  now: number,
  migrations: readonly Migration[] = allMigrations,
): Promise<number[]> {
  const client = await pool.connect()
  const lock = "hashtextextended('latchkey:migrate', 0)"
  try {
    await client.query(`SELECT pg_advisory_lock(${lock})`)
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
    )
    const { rows } = await client.query<Record<string, unknown>>(
      'SELECT version FROM schema_migrations',
    )
    const applied = new Set(rows.map((row) => z.coerce.number().parse(row.version)))
    const done: number[] = []
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      await client.query('BEGIN')
      try {
        for (const statement of migration.statements) await client.query(pgStatement(statement))
        await client.query(
          'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
          [migration.version, migration.name, now],
        )
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      }
      done.push(migration.version)
    }
    return done
  } finally {
    await client.query(`SELECT pg_advisory_unlock(${lock})`).catch(() => undefined)
    client.release()
  }
}
