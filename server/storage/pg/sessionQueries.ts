import type { Pool } from 'pg'
import { otpRow, sessionRow } from '../rows'
import type { Storage } from '../storage'
import type { SessionRecord } from '../types'
import { inTransaction, lockKey, type Queryable, selectOne } from './pgDatabase'

/** Stores a new session (alone, or in a transaction with its device key). */
export async function insertSession(db: Queryable, session: SessionRecord): Promise<void> {
  await db.query(
    `INSERT INTO sessions (id, user_id, device_id, token_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      session.id,
      session.userId,
      session.deviceId,
      session.tokenHash,
      session.createdAt,
      session.expiresAt,
    ],
  )
}

/** Sessions and one-time codes on PostgreSQL. */
export function sessionQueries(pool: Pool): Pick<Storage, 'sessions' | 'otps'> {
  return {
    sessions: {
      async create(session) {
        await insertSession(pool, session)
      },
      async findByTokenHash(tokenHash) {
        return selectOne(pool, sessionRow, 'SELECT * FROM sessions WHERE token_hash = $1', [
          tokenHash,
        ])
      },
      async delete(id) {
        await pool.query('DELETE FROM sessions WHERE id = $1', [id])
      },
      async deleteByUser(userId, exceptId) {
        const result = await pool.query('DELETE FROM sessions WHERE user_id = $1 AND id != $2', [
          userId,
          exceptId ?? '',
        ])
        return result.rowCount ?? 0
      },
    },
    otps: {
      async replace(otp) {
        // SQLite runs the delete and the insert under its one write lock; here a lock of the
        // (purpose, subject) does it: of concurrent replaces one code is left, the last one's.
        await inTransaction(pool, async (client) => {
          await lockKey(client, 'otp', `${otp.purpose}:${otp.subject}`)
          await client.query('DELETE FROM otps WHERE purpose = $1 AND subject = $2', [
            otp.purpose,
            otp.subject,
          ])
          await client.query(
            `INSERT INTO otps (id, purpose, subject, device_id, code_hash, data, attempts,
               created_at, expires_at, consumed_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
            [
              otp.id,
              otp.purpose,
              otp.subject,
              otp.deviceId,
              otp.codeHash,
              otp.data,
              otp.attempts,
              otp.createdAt,
              otp.expiresAt,
              otp.consumedAt,
            ],
          )
        })
      },
      async findLatest(purpose, subject) {
        return selectOne(
          pool,
          otpRow,
          'SELECT * FROM otps WHERE purpose = $1 AND subject = $2 ORDER BY created_at DESC LIMIT 1',
          [purpose, subject],
        )
      },
      async takeAttempt(id, max) {
        // One conditional UPDATE: a concurrent one waits on the row lock and then re-checks the
        // condition on the updated row (READ COMMITTED), so parallel guesses never pass `max`.
        const result = await pool.query(
          'UPDATE otps SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2',
          [id, max],
        )
        return result.rowCount === 1
      },
      async consume(id, at) {
        const result = await pool.query(
          'UPDATE otps SET consumed_at = $1 WHERE id = $2 AND consumed_at IS NULL',
          [at, id],
        )
        return result.rowCount === 1
      },
    },
  }
}
