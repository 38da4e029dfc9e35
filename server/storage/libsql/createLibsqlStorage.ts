import { loadPeer } from '../../loadPeer'
import type { Storage } from '../storage'
import { analyticsQueries } from './analyticsQueries'
import { chainIndexQueries } from './chainIndexQueries'
import { createDatabaseFile } from './createDatabaseFile'
import { deviceShareQueries } from './deviceShareQueries'
import { factorQueries } from './factorQueries'
import { limitQueries } from './limitQueries'
import { migrate } from './migrate'
import { miscQueries } from './miscQueries'
import { onrampQueries } from './onrampQueries'
import { opsQueries } from './opsQueries'
import { passkeyQueries } from './passkeyQueries'
import { sealedWalletQueries } from './sealedWalletQueries'
import { sendQueries } from './sendQueries'
import { sessionKeyQueries } from './sessionKeyQueries'
import { sessionQueries } from './sessionQueries'
import { siwxQueries } from './siwxQueries'
import { socialQueries } from './socialQueries'
import { userQueries } from './userQueries'

/** Options of {@link createLibsqlStorage}. */
export interface LibsqlStorageOptions {
  /** A libsql URL: `file:./latchkey.db`, `:memory:`, or a remote libsql server. */
  url: string
  /** Auth token for a remote libsql server. */
  authToken?: string | undefined
  /** Clock for migration timestamps. */
  now?: (() => number) | undefined
}

/**
 * Storage on SQLite through `@libsql/client` (optional peer), migrated on open.
 * @example
 * const storage = await createLibsqlStorage({ url: 'file:./latchkey.db' })
 */
export async function createLibsqlStorage(options: LibsqlStorageOptions): Promise<Storage> {
  const { createClient } = await loadPeer('@libsql/client', () => import('@libsql/client'))
  createDatabaseFile(options.url)
  const client = createClient({ url: options.url, authToken: options.authToken })
  if (options.url.startsWith('file:')) {
    // WAL lets readers run beside the writer; busy_timeout waits instead of failing on a lock.
    await client.execute('PRAGMA journal_mode = WAL')
    await client.execute('PRAGMA busy_timeout = 5000')
  }
  if (options.url.startsWith('file:') || options.url === ':memory:')
    await client.execute('PRAGMA foreign_keys = ON')
  await migrate(client, (options.now ?? Date.now)())
  const misc = miscQueries(client)
  const sessionKeys = sessionKeyQueries(client)
  return {
    ...userQueries(client),
    ...sealedWalletQueries(client),
    ...sessionQueries(client),
    ...misc,
    ...sendQueries(client),
    ...siwxQueries(client),
    ...limitQueries(client),
    ...sessionKeys,
    ...analyticsQueries(client),
    ...socialQueries(client),
    ...passkeyQueries(client),
    ...factorQueries(client),
    ...deviceShareQueries(client),
    ...chainIndexQueries(client),
    ...onrampQueries(client),
    ...opsQueries(client),
    locks: {
      // A SQLite file serves one server process, whose own queue (ServerContext.serialize)
      // already runs a key's tasks one at a time. Several processes share PostgreSQL.
      run: (_key, task) => task(),
    },
    async prune(now) {
      await misc.prune(now)
      await sessionKeys.proofIds.prune(now)
    },
    async close() {
      client.close()
    },
  }
}
