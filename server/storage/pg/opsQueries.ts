import type { Pool } from 'pg'
import { z } from 'zod'
import { numbered, secretPageSql, secretReplaceSql, storedSecret } from '../secretSql'
import type { Storage } from '../storage'

/** The operator's queries on PostgreSQL: the secrets to rotate, the schema version, the pools. */
export function opsQueries(
  pools: Record<string, Pool>,
): Pick<Storage, 'secrets' | 'schemaVersion' | 'poolStats'> {
  const pool = pools.queries as Pool
  return {
    secrets: {
      async page(kind, afterUserId, limit) {
        const { rows } = await pool.query(numbered(secretPageSql(kind)), [afterUserId, limit])
        return rows.map((row) => storedSecret(kind, row))
      },
      async replace(secret, ciphertext) {
        const result = await pool.query(numbered(secretReplaceSql(secret.kind)), [
          ciphertext,
          secret.userId,
          secret.ciphertext,
        ])
        return result.rowCount === 1
      },
    },
    async schemaVersion() {
      const { rows } = await pool.query('SELECT MAX(version) AS version FROM schema_migrations')
      return z.coerce
        .number()
        .catch(0)
        .parse(rows[0]?.version ?? 0)
    },
    poolStats: () =>
      Object.entries(pools).map(([name, each]) => ({
        name,
        inUse: each.totalCount - each.idleCount,
        idle: each.idleCount,
        waiting: each.waitingCount,
      })),
  }
}
