import type { Pool } from 'pg'
import { challengeRow, passkeyRow } from '../passkeyRows'
import type { Storage } from '../storage'
import { isUniqueViolation, selectOne } from './pgDatabase'

/** Passkeys and their single-use WebAuthn challenges on PostgreSQL. */
export function passkeyQueries(pool: Pool): Pick<Storage, 'passkeys' | 'webauthnChallenges'> {
  return {
    passkeys: {
      async create(passkey) {
        try {
          await pool.query(
            `INSERT INTO passkeys (credential_id, user_id, public_key, counter, transports, prf,
               backed_up, created_at, used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
            [
              passkey.credentialId,
              passkey.userId,
              passkey.publicKey,
              passkey.counter,
              JSON.stringify(passkey.transports),
              passkey.prf ? 1 : 0,
              passkey.backedUp ? 1 : 0,
              passkey.createdAt,
              passkey.usedAt,
            ],
          )
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
      find(credentialId) {
        return selectOne(pool, passkeyRow, 'SELECT * FROM passkeys WHERE credential_id = $1', [
          credentialId,
        ])
      },
      async findByUser(userId) {
        const { rows } = await pool.query(
          'SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at, credential_id',
          [userId],
        )
        return rows.map((row) => passkeyRow.parse(row))
      },
      async use(credentialId, fromCounter, counter, at) {
        // Compare-and-set: of two sign-ins that read one counter, the row lock lets one move it.
        const result = await pool.query(
          'UPDATE passkeys SET counter = $1, used_at = $2 WHERE credential_id = $3 AND counter = $4',
          [counter, at, credentialId, fromCounter],
        )
        return result.rowCount === 1
      },
      async delete(userId, credentialId) {
        const result = await pool.query(
          'DELETE FROM passkeys WHERE user_id = $1 AND credential_id = $2',
          [userId, credentialId],
        )
        return result.rowCount === 1
      },
    },
    webauthnChallenges: {
      async create(challenge) {
        await pool.query(
          `INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, thumbprint,
             created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            challenge.challengeHash,
            challenge.purpose,
            challenge.userId,
            challenge.thumbprint,
            challenge.createdAt,
            challenge.expiresAt,
          ],
        )
      },
      async consume(challengeHash, purpose, thumbprint, now) {
        // Deleted whatever its state (a wrong answer burns it too), by one statement: of two
        // servers answering one challenge, one gets the row.
        const { rows } = await pool.query(
          'DELETE FROM webauthn_challenges WHERE challenge_hash = $1 RETURNING *',
          [challengeHash],
        )
        const challenge = rows[0] ? challengeRow.parse(rows[0]) : undefined
        if (!challenge) return undefined
        const fits =
          challenge.purpose === purpose &&
          challenge.thumbprint === thumbprint &&
          challenge.expiresAt > now
        return fits ? challenge : undefined
      },
    },
  }
}
