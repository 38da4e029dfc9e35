import type { Pool } from 'pg'
import { type DeviceShareStorage, deviceShareQueries as queries } from '../deviceShareStorage'
import { numbered } from '../secretSql'
import { inTransaction } from './pgDatabase'

/** Per-device splits of sealed wallets on PostgreSQL (server/storage/deviceShareStorage.ts). */
export function deviceShareQueries(pool: Pool): DeviceShareStorage {
  return queries({
    async query(sql, args) {
      const result = await pool.query(numbered(sql), args)
      return { rows: result.rows, count: result.rowCount ?? 0 }
    },
    async batch(statements) {
      return inTransaction(pool, async (client) => {
        const results: { rows: unknown[]; count: number }[] = []
        for (const { sql, args } of statements) {
          const result = await client.query(numbered(sql), args)
          results.push({ rows: result.rows, count: result.rowCount ?? 0 })
        }
        return results
      })
    },
  })
}
