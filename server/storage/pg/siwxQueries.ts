import type { Pool } from 'pg'
import { siwxSessionRow } from '../rows'
import type { Storage } from '../storage'
import { selectOne } from './pgDatabase'

/** Sign-in nonces and sessions on PostgreSQL. */
export function siwxQueries(pool: Pool): Pick<Storage, 'siwxNonces' | 'siwxSessions'> {
  return {
    siwxNonces: {
      async create(nonce) {
        await pool.query(
          'INSERT INTO siwx_nonces (nonce, project_id, consumed, created_at, expires_at) VALUES ($1, $2, 0, $3, $4)',
          [nonce.nonce, nonce.projectId, nonce.createdAt, nonce.expiresAt],
        )
      },
      async consume(projectId, nonce, now) {
        // One conditional UPDATE: a concurrent one (any server) waits on the row lock, then
        // re-checks `consumed = 0` on the updated row and changes nothing; exactly one wins.
        const result = await pool.query(
          `UPDATE siwx_nonces SET consumed = 1
           WHERE nonce = $1 AND project_id = $2 AND consumed = 0 AND expires_at > $3`,
          [nonce, projectId, now],
        )
        return result.rowCount === 1
      },
    },
    siwxSessions: {
      async create(session) {
        await pool.query(
          `INSERT INTO siwx_sessions (token_hash, project_id, chain_id, address, message,
             signature, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [
            session.tokenHash,
            session.projectId,
            session.chainId,
            session.address,
            session.message,
            session.signature,
            session.createdAt,
            session.expiresAt,
          ],
        )
      },
      async findByTokenHash(projectId, tokenHash) {
        return selectOne(
          pool,
          siwxSessionRow,
          'SELECT * FROM siwx_sessions WHERE token_hash = $1 AND project_id = $2',
          [tokenHash, projectId],
        )
      },
      async delete(tokenHash) {
        await pool.query('DELETE FROM siwx_sessions WHERE token_hash = $1', [tokenHash])
      },
    },
  }
}
