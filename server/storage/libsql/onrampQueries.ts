import type { Client } from '@libsql/client'
import { onrampSessionColumns, onrampSessionRow, onrampSessionValues } from '../onrampRows'
import type { Storage } from '../storage'
import { selectOne } from './selectOne'

/** Card purchases on libsql. */
export function onrampQueries(client: Client): Pick<Storage, 'onrampSessions'> {
  return {
    onrampSessions: {
      async create(session) {
        await client.execute({
          sql: `INSERT INTO onramp_sessions (${onrampSessionColumns.join(', ')})
                VALUES (${onrampSessionColumns.map(() => '?').join(', ')})`,
          args: onrampSessionValues(session),
        })
      },
      async find(id) {
        return selectOne(client, onrampSessionRow, 'SELECT * FROM onramp_sessions WHERE id = ?', [
          id,
        ])
      },
      async advance(id, from, update, at) {
        // One conditional UPDATE: of concurrent events for one session, only those that find it
        // in `from` move it (SQLite serialises writers).
        if (from.length === 0) return false
        const result = await client.execute({
          sql: `UPDATE onramp_sessions
                SET status = ?, tx_hash = COALESCE(?, tx_hash),
                    failure_reason = COALESCE(?, failure_reason), updated_at = ?
                WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`,
          args: [
            update.status,
            update.txHash ?? null,
            update.failureReason ?? null,
            at,
            id,
            ...from,
          ],
        })
        return result.rowsAffected === 1
      },
      async bind(id, providerRef) {
        const result = await client.execute({
          sql: 'UPDATE onramp_sessions SET provider_ref = ? WHERE id = ? AND provider_ref IS NULL',
          args: [providerRef, id],
        })
        return result.rowsAffected === 1
      },
    },
  }
}
