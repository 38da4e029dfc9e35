import type { Pool, PoolConfig } from 'pg'
import { loadPeer } from '../../loadPeer'
import type { Storage } from '../storage'
import { analyticsQueries } from './analyticsQueries'
import { chainIndexQueries } from './chainIndexQueries'
import { deviceShareQueries } from './deviceShareQueries'
import { factorQueries } from './factorQueries'
import { limitQueries } from './limitQueries'
import { lockQueries } from './lockQueries'
import { migratePg } from './migrate'
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

/** Options of {@link createPgStorage}. */
export interface PgStorageOptions {
  /** A PostgreSQL URL: `postgres://user:password@host:5432/latchkey`. */
  url: string
  /**
   * Connections of this server's pool (each server instance has its own).
   * @default 10
   */
  maxConnections?: number | undefined
  /** Clock for migration timestamps. */
  now?: (() => number) | undefined
}

const int8Oid = 20

/** A pool whose BIGINT columns read back as numbers (ms timestamps, nonces: all safe integers). */
async function openPool(config: PoolConfig): Promise<Pool> {
  const { Pool, types } = await loadPeer('pg', () => import('pg'))
  return new Pool({
    ...config,
    application_name: 'latchkey',
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === int8Oid && format !== 'binary'
          ? (value: string) => Number(value)
          : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    },
  })
}

/**
 * Storage on PostgreSQL through `pg` (optional peer), migrated on open. Every rule that must hold
 * across several server instances on one database is kept by the database: conditional UPDATEs,
 * unique keys, `INSERT … ON CONFLICT`, and advisory locks where SQLite relied on its one writer.
 * @example
 * const storage = await createPgStorage({ url: 'postgres://latchkey@127.0.0.1:5432/latchkey' })
 */
export async function createPgStorage(options: PgStorageOptions): Promise<Storage> {
  const max = options.maxConnections ?? 10
  const pool = await openPool({ connectionString: options.url, max })
  const lockPool = await openPool({ connectionString: options.url, max })
  // An idle connection that breaks (a database restart) is dropped, not thrown.
  for (const each of [pool, lockPool]) each.on('error', () => undefined)
  try {
    await migratePg(pool, (options.now ?? Date.now)())
  } catch (error) {
    await Promise.all([pool.end(), lockPool.end()])
    throw error
  }
  const misc = miscQueries(pool)
  const sessionKeys = sessionKeyQueries(pool)
  // Closing twice is harmless, as on SQLite (pg's Pool throws on a second `end`).
  let closed: Promise<void> | undefined
  return {
    ...userQueries(pool),
    ...sealedWalletQueries(pool),
    ...passkeyQueries(pool),
    ...factorQueries(pool),
    ...deviceShareQueries(pool),
    ...sessionQueries(pool),
    ...misc,
    ...sendQueries(pool),
    ...siwxQueries(pool),
    ...limitQueries(pool),
    ...sessionKeys,
    ...analyticsQueries(pool),
    ...socialQueries(pool),
    ...chainIndexQueries(pool),
    ...onrampQueries(pool),
    ...lockQueries(lockPool),
    ...opsQueries({ queries: pool, locks: lockPool }),
    async prune(now) {
      await misc.prune(now)
      await sessionKeys.proofIds.prune(now)
    },
    close() {
      closed ??= Promise.all([pool.end(), lockPool.end()]).then(() => undefined)
      return closed
    },
  }
}
