import type { Pool } from 'pg'
import { type FactorStorage, factorQueries as queries } from '../factorStorage'
import { numbered } from '../secretSql'
import { inTransaction } from './pgDatabase'

/** Second factors on PostgreSQL (server/storage/factorStorage.ts). */
export function factorQueries(pool: Pool): FactorStorage {
  return queries({
    async query(sql, args) {
      const result = await pool.query(numbered(sql), args)
      return { rows: result.rows, count: result.rowCount ?? 0 }
    },
    async transaction(statements) {
      await inTransaction(pool, async (client) => {
        for (const { sql, args } of statements) await client.query(numbered(sql), args)
      })
    },
  })
}
