import type { ResolvedServerOptions } from '../options'
import { createLibsqlStorage } from './libsql/createLibsqlStorage'
import { isPostgresUrl } from './pg/isPostgresUrl'
import type { Storage } from './storage'

/** The database of `databaseUrl`, migrated: PostgreSQL for a `postgres://` URL, else SQLite (libsql). */
export async function openStorage(
  options: Pick<ResolvedServerOptions, 'databaseUrl' | 'databaseAuthToken'>,
  now: () => number,
): Promise<Storage> {
  if (isPostgresUrl(options.databaseUrl)) {
    const { createPgStorage } = await import('./pg/createPgStorage')
    return createPgStorage({ url: options.databaseUrl, now })
  }
  return createLibsqlStorage({
    url: options.databaseUrl,
    authToken: options.databaseAuthToken,
    now,
  })
}
