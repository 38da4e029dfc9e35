import type { Client } from '@libsql/client'
import { sessionKeyRow } from '../rows'
import type { Storage } from '../storage'
import { insertSession } from './insertSession'
import { selectOne } from './selectOne'

/** Device keys of sessions and the ids of accepted device proofs, on libsql. */
export function sessionKeyQueries(client: Client): Pick<Storage, 'sessionKeys' | 'proofIds'> {
  return {
    sessionKeys: {
      async createSession(session, key) {
        await client.batch(
          [
            insertSession(session),
            {
              sql: `INSERT INTO session_keys (session_id, thumbprint, jwk, created_at)
                    VALUES (?, ?, ?, ?)`,
              args: [key.sessionId, key.thumbprint, key.jwk, key.createdAt],
            },
          ],
          'write',
        )
      },
      async find(sessionId) {
        return selectOne(client, sessionKeyRow, 'SELECT * FROM session_keys WHERE session_id = ?', [
          sessionId,
        ])
      },
    },
    proofIds: {
      async use(id, expiresAt) {
        const result = await client.execute({
          sql: 'INSERT INTO proof_ids (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
          args: [id, expiresAt],
        })
        return result.rowsAffected === 1
      },
      async prune(now) {
        await client.batch(
          [
            { sql: 'DELETE FROM proof_ids WHERE expires_at <= ?', args: [now] },
            // Without foreign keys enforced (a remote libsql server), the cascade does not run.
            {
              sql: 'DELETE FROM session_keys WHERE session_id NOT IN (SELECT id FROM sessions)',
              args: [],
            },
          ],
          'write',
        )
      },
    },
  }
}
