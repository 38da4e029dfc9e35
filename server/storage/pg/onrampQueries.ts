import type { Pool } from 'pg'
import { onrampSessionColumns, onrampSessionRow, onrampSessionValues } from '../onrampRows'
import type { Storage } from '../storage'
import { selectOne } from './pgDatabase'

/** Card purchases on PostgreSQL. */
export function onrampQueries(pool: Pool): Pick<Storage, 'onrampSessions'> {
  return {
    onrampSessions: {
      async create(session) {
        await pool.query(
          `INSERT INTO onramp_sessions (${onrampSessionColumns.join(', ')})
           VALUES (${onrampSessionColumns.map((_, index) => `$${index + 1}`).join(', ')})`,
          onrampSessionValues(session),
        )
      },
      async find(id) {
        return selectOne(pool, onrampSessionRow, 'SELECT * FROM onramp_sessions WHERE id = $1', [
          id,
        ])
      },
      async advance(id, from, update, at) {
        // One conditional UPDATE: a row being updated by another transaction is re-read after it
        // commits (READ COMMITTED), so of concurrent events only those that still find it in
        // `from` move it.
        if (from.length === 0) return false
        const result = await pool.query(
          `UPDATE onramp_sessions
           SET status = $1, tx_hash = COALESCE($2, tx_hash),
               failure_reason = COALESCE($3, failure_reason), updated_at = $4
           WHERE id = $5 AND status = ANY($6::text[])`,
          [update.status, update.txHash ?? null, update.failureReason ?? null, at, id, [...from]],
        )
        return result.rowCount === 1
      },
      async bind(id, providerRef) {
        const result = await pool.query(
          'UPDATE onramp_sessions SET provider_ref = $1 WHERE id = $2 AND provider_ref IS NULL',
          [providerRef, id],
        )
        return result.rowCount === 1
      },
    },
  }
}
