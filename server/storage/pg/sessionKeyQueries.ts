import type { Pool } from 'pg'
import { sessionKeyRow } from '../rows'
import type { Storage } from '../storage'
import { inTransaction, selectOne } from './pgDatabase'
import { insertSession } from './sessionQueries'

/** Device keys of sessions and the ids of accepted device proofs, on PostgreSQL. */
export function sessionKeyQueries(pool: Pool): Pick<Storage, 'sessionKeys' | 'proofIds'> {
  return {
    sessionKeys: {
      async createSession(session, key) {
        await inTransaction(pool, async (client) => {
          await insertSession(client, session)
          await client.query(
            'INSERT INTO session_keys (session_id, thumbprint, jwk, created_at) VALUES ($1, $2, $3, $4)',
            [key.sessionId, key.thumbprint, key.jwk, key.createdAt],
          )
        })
      },
      async find(sessionId) {
        return selectOne(pool, sessionKeyRow, 'SELECT * FROM session_keys WHERE session_id = $1', [
          sessionId,
        ])
      },
    },
    proofIds: {
      async use(id, expiresAt) {
        // A concurrent insert of one id waits for the first to commit, then does nothing.
        const result = await pool.query(
          'INSERT INTO proof_ids (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
          [id, expiresAt],
        )
        return result.rowCount === 1
      },
      async prune(now) {
        // session_keys go with their session (ON DELETE CASCADE, always enforced here).
        await pool.query('DELETE FROM proof_ids WHERE expires_at <= $1', [now])
      },
    },
  }
}
