import type { Logger } from '../logger'
import type { LatchkeyServerOptions } from '../options'
import { migrations } from '../storage/migrations'
import { isPostgresUrl } from '../storage/pg/isPostgresUrl'

/** The migrations of a database: which are applied, and applying the rest. */
interface Migrator {
  applied(): Promise<{ version: number; appliedAt: number }[]>
  up(now: number): Promise<number[]>
  close(): Promise<void>
}

async function openMigrator(url: string, authToken: string | undefined): Promise<Migrator> {
  if (isPostgresUrl(url)) {
    const { Pool } = await import('pg')
    const { appliedPgMigrations, migratePg } = await import('../storage/pg/migrate')
    const pool = new Pool({ connectionString: url, max: 1 })
    return {
      applied: () => appliedPgMigrations(pool),
      up: (now) => migratePg(pool, now),
      close: () => pool.end(),
    }
  }
  const { createClient } = await import('@libsql/client')
  const { createDatabaseFile } = await import('../storage/libsql/createDatabaseFile')
  const { appliedLibsqlMigrations, migrate } = await import('../storage/libsql/migrate')
  createDatabaseFile(url)
  const client = createClient({ url, authToken })
  return {
    applied: () => appliedLibsqlMigrations(client),
    up: (now) => migrate(client, now),
    close: async () => client.close(),
  }
}

/**
 * `latchkey migrate status` lists every migration, applied (with when) or pending;
 * `latchkey migrate up` applies the pending ones, as a starting server would. Exit code 0.
 */
export async function runMigrate(
  action: 'status' | 'up',
  options: LatchkeyServerOptions,
  logger: Logger,
): Promise<number> {
  const migrator = await openMigrator(
    options.databaseUrl ?? 'file:./latchkey.db',
    options.databaseAuthToken,
  )
  try {
    if (action === 'up') {
      const done = await migrator.up(Date.now())
      logger.info(
        done.length === 0
          ? 'latchkey migrate: the database is up to date.'
          : `latchkey migrate: applied ${done.length} migration${done.length === 1 ? '' : 's'} (${done.join(', ')}).`,
      )
      return 0
    }
    const applied = new Map((await migrator.applied()).map((row) => [row.version, row.appliedAt]))
    const lines = migrations.map((migration) => {
      const at = applied.get(migration.version)
      const state = at === undefined ? 'pending' : `applied ${new Date(at).toISOString()}`
      return `  ${String(migration.version).padStart(3)}  ${migration.name.padEnd(24)} ${state}`
    })
    const pending = migrations.filter((migration) => !applied.has(migration.version)).length
    logger.info(
      [`latchkey migrate: ${pending} pending of ${migrations.length}`, ...lines].join('\n'),
    )
    return 0
  } finally {
    await migrator.close()
  }
}
