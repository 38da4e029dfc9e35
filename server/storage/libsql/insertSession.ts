import type { InStatement } from '@libsql/client'
import type { SessionRecord } from '../types'

/** The statement that stores a new session (alone, or in a batch with its device key). */
export function insertSession(session: SessionRecord): InStatement {
  return {
    sql: `INSERT INTO sessions (id, user_id, device_id, token_hash, created_at, expires_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [
      session.id,
      session.userId,
      session.deviceId,
      session.tokenHash,
      session.createdAt,
      session.expiresAt,
    ],
  }
}
