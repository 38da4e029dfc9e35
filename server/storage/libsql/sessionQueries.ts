import type { Client } from '@libsql/client'
import { otpRow, sessionRow } from '../rows'
import type { Storage } from '../storage'
import { insertSession } from './insertSession'
import { selectOne } from './selectOne'

/** Sessions and one-time codes on libsql. */
export function sessionQueries(client: Client): Pick<Storage, 'sessions' | 'otps'> {
  return {
    sessions: {
      async create(session) {
        await client.execute(insertSession(session))
      },
      async findByTokenHash(tokenHash) {
        return selectOne(client, sessionRow, 'SELECT * FROM sessions WHERE token_hash = ?', [
          tokenHash,
        ])
      },
      async delete(id) {
        await client.execute({ sql: 'DELETE FROM sessions WHERE id = ?', args: [id] })
      },
      async deleteByUser(userId, exceptId) {
        const result = await client.execute({
          sql: 'DELETE FROM sessions WHERE user_id = ? AND id != ?',
          args: [userId, exceptId ?? ''],
        })
        return result.rowsAffected
      },
    },
    otps: {
      async replace(otp) {
        await client.batch(
          [
            {
              sql: 'DELETE FROM otps WHERE purpose = ? AND subject = ?',
              args: [otp.purpose, otp.subject],
            },
            {
              sql: `INSERT INTO otps (id, purpose, subject, device_id, code_hash, data, attempts,
                      created_at, expires_at, consumed_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
              args: [
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
            },
          ],
          'write',
        )
      },
      async findLatest(purpose, subject) {
        return selectOne(
          client,
          otpRow,
          'SELECT * FROM otps WHERE purpose = ? AND subject = ? ORDER BY created_at DESC LIMIT 1',
          [purpose, subject],
        )
      },
      async takeAttempt(id, max) {
        // One conditional UPDATE: parallel guesses cannot go past the limit.
        const result = await client.execute({
          sql: 'UPDATE otps SET attempts = attempts + 1 WHERE id = ? AND attempts < ?',
          args: [id, max],
        })
        return result.rowsAffected === 1
      },
      async consume(id, at) {
        const result = await client.execute({
          sql: 'UPDATE otps SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL',
          args: [at, id],
        })
        return result.rowsAffected === 1
      },
    },
  }
}
