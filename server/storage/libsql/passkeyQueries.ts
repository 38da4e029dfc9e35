import type { Client } from '@libsql/client'
import { challengeRow, passkeyRow } from '../passkeyRows'
import type { Storage } from '../storage'
import { selectOne } from './selectOne'

const isConstraintViolation = (error: unknown) =>
  error instanceof Error && /(UNIQUE|PRIMARY KEY) constraint failed/i.test(error.message)

/** Passkeys and their single-use WebAuthn challenges on libsql. */
export function passkeyQueries(client: Client): Pick<Storage, 'passkeys' | 'webauthnChallenges'> {
  return {
    passkeys: {
      async create(passkey) {
        try {
          await client.execute({
            sql: `INSERT INTO passkeys (credential_id, user_id, public_key, counter, transports, prf,
                    backed_up, created_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [
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
          })
          return true
        } catch (error) {
          if (isConstraintViolation(error)) return false
          throw error
        }
      },
      find(credentialId) {
        return selectOne(client, passkeyRow, 'SELECT * FROM passkeys WHERE credential_id = ?', [
          credentialId,
        ])
      },
      async findByUser(userId) {
        const { rows } = await client.execute({
          sql: 'SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, credential_id',
          args: [userId],
        })
        return rows.map((row) => passkeyRow.parse(row))
      },
      async use(credentialId, fromCounter, counter, at) {
        const result = await client.execute({
          sql: 'UPDATE passkeys SET counter = ?, used_at = ? WHERE credential_id = ? AND counter = ?',
          args: [counter, at, credentialId, fromCounter],
        })
        return result.rowsAffected === 1
      },
      async delete(userId, credentialId) {
        const result = await client.execute({
          sql: 'DELETE FROM passkeys WHERE user_id = ? AND credential_id = ?',
          args: [userId, credentialId],
        })
        return result.rowsAffected === 1
      },
    },
    webauthnChallenges: {
      async create(challenge) {
        await client.execute({
          sql: `INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, thumbprint,
                  created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
          args: [
            challenge.challengeHash,
            challenge.purpose,
            challenge.userId,
            challenge.thumbprint,
            challenge.createdAt,
            challenge.expiresAt,
          ],
        })
      },
      async consume(challengeHash, purpose, thumbprint, now) {
        // Deleted whatever its state, so a wrong answer burns it too; returned only when it fits.
        const { rows } = await client.execute({
          sql: 'DELETE FROM webauthn_challenges WHERE challenge_hash = ? RETURNING *',
          args: [challengeHash],
        })
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
