import type { Client } from '@libsql/client'
import { siwxSessionRow } from '../rows'
import type { Storage } from '../storage'
import { selectOne } from './selectOne'

/** Sign-in nonces and sessions on libsql. */
export function siwxQueries(client: Client): Pick<Storage, 'siwxNonces' | 'siwxSessions'> {
  return {
    siwxNonces: {
      async create(nonce) {
        await client.execute({
          sql: 'INSERT INTO siwx_nonces (nonce, project_id, consumed, created_at, expires_at) VALUES (?, ?, 0, ?, ?)',
          args: [nonce.nonce, nonce.projectId, nonce.createdAt, nonce.expiresAt],
        })
      },
      async consume(projectId, nonce, now) {
        // One conditional UPDATE: SQLite serialises writers, so of two concurrent verifies of
        // one message exactly one sees rowsAffected = 1.
        const result = await client.execute({
          sql: `UPDATE siwx_nonces SET consumed = 1
                WHERE nonce = ? AND project_id = ? AND consumed = 0 AND expires_at > ?`,
          args: [nonce, projectId, now],
        })
        return result.rowsAffected === 1
      },
    },
    siwxSessions: {
      async create(session) {
        await client.execute({
          sql: `INSERT INTO siwx_sessions (token_hash, project_id, chain_id, address, message,
                  signature, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [
            session.tokenHash,
            session.projectId,
            session.chainId,
            session.address,
            session.message,
            session.signature,
            session.createdAt,
            session.expiresAt,
          ],
        })
      },
      async findByTokenHash(projectId, tokenHash) {
        return selectOne(
          client,
          siwxSessionRow,
          'SELECT * FROM siwx_sessions WHERE token_hash = ? AND project_id = ?',
          [tokenHash, projectId],
        )
      },
      async delete(tokenHash) {
        await client.execute({
          sql: 'DELETE FROM siwx_sessions WHERE token_hash = ?',
          args: [tokenHash],
        })
      },
    },
  }
}
