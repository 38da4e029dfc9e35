import type { Client } from '@libsql/client'
import { z } from 'zod'
import type { Migration } from '../migration'
import { migrations as allMigrations } from '../migrations'

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction.
 * Servers that open one new file at once may both find a migration pending: the one whose
 * transaction comes second fails (its table exists) and, finding the migration recorded by the
 * first, goes on.
 */
export async function migrate(
  client: Client,
  now: number,
  migrations: readonly Migration[] = allMigrations,
): Promise<number[]> {
  await client.execute(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
  )
  const recorded = async () => {
    const result = await client.execute('SELECT version FROM schema_migrations')
    return new Set(
      result.rows.map((row) => z.object({ version: z.coerce.number() }).parse(row).version),
    )
  }
  const applied = await recorded()
  const done: number[] = []
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue
    try {
      await client.batch(
        [
          ...migration.statements,
          {
            sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
            args: [migration.version, migration.name, now],
          },
        ],
        'write',
      )
    } catch (error) {
      // Rolled back whole; another server's transaction applied it meanwhile, or it failed.
      if ((await recorded()).has(migration.version)) continue
      throw error
    }
    done.push(migration.version)
  }
  return done
}

/** The migrations recorded in `schema_migrations` (none when the table is missing). */
export async function appliedLibsqlMigrations(
  client: Client,
): Promise<{ version: number; appliedAt: number }[]> {
  const exists = await client.execute(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
  )
  if (exists.rows.length === 0) return []
  const { rows } = await client.execute(
    'SELECT version, applied_at FROM schema_migrations ORDER BY version',
  )
  return rows.map((row) => {
    const parsed = z
      .object({ version: z.coerce.number(), applied_at: z.coerce.number() })
      .parse(row)
    return { version: parsed.version, appliedAt: parsed.applied_at }
  })
}
