import type { Pool } from 'pg'
import { socialFlowRow, socialIdentityRow } from '../socialRows'
import type { Storage } from '../storage'
import { inTransaction, isUniqueViolation, selectOne } from './pgDatabase'

/** Social login flows and identities on PostgreSQL. */
export function socialQueries(pool: Pool): Pick<Storage, 'socialFlows' | 'socialIdentities'> {
  return {
    socialFlows: {
      async create(flow) {
        await pool.query(
          `INSERT INTO social_flows (id, state_hash, provider, device_id, thumbprint,
             code_verifier, nonce, mode, origin, return_url, secret_hash, link_user_id,
             created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            flow.id,
            flow.stateHash,
            flow.provider,
            flow.deviceId,
            flow.thumbprint,
            flow.codeVerifier,
            flow.nonce,
            flow.mode,
            flow.origin,
            flow.returnUrl,
            flow.secretHash,
            flow.linkUserId,
            flow.createdAt,
            flow.expiresAt,
          ],
        )
      },
      async answer(stateHash, answer, now) {
        const { rows } = await pool.query(
          `UPDATE social_flows SET result_hash = $1, code = $2, error = $3, returned_at = $4
           WHERE state_hash = $5 AND returned_at IS NULL AND expires_at > $4 RETURNING *`,
          [answer.resultHash, answer.code, answer.error, now, stateHash],
        )
        return rows[0] ? socialFlowRow.parse(rows[0]) : undefined
      },
      async findByResult(resultHash) {
        return selectOne(pool, socialFlowRow, 'SELECT * FROM social_flows WHERE result_hash = $1', [
          resultHash,
        ])
      },
      async consume(id, now) {
        const result = await pool.query(
          `UPDATE social_flows SET consumed_at = $1, code = NULL
           WHERE id = $2 AND consumed_at IS NULL AND expires_at > $1`,
          [now, id],
        )
        return result.rowCount === 1
      },
    },
    socialIdentities: {
      async find(provider, subject) {
        return selectOne(
          pool,
          socialIdentityRow,
          'SELECT * FROM social_identities WHERE provider = $1 AND subject = $2',
          [provider, subject],
        )
      },
      async findByUser(userId) {
        const { rows } = await pool.query(
          'SELECT * FROM social_identities WHERE user_id = $1 ORDER BY created_at, provider COLLATE "C"',
          [userId],
        )
        return rows.map((row) => socialIdentityRow.parse(row))
      },
      async createWithUser(user, wallet, identity) {
        try {
          await inTransaction(pool, async (client) => {
            // Never an email (no @): see migration 9.
            await client.query('INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)', [
              user.id,
              `social:${user.id}`,
              user.createdAt,
            ])
            if (wallet)
              await client.query(
                'INSERT INTO wallets (user_id, address, encrypted_key, created_at) VALUES ($1, $2, $3, $4)',
                [wallet.userId, wallet.address, wallet.encryptedKey, wallet.createdAt],
              )
            // The identity's primary key decides between concurrent first logins: the loser's
            // user and wallet roll back with it.
            await client.query(
              `INSERT INTO social_identities (provider, subject, user_id, email,
                 email_verified, username, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
              [
                identity.provider,
                identity.subject,
                identity.userId,
                identity.email,
                identity.emailVerified ? 1 : 0,
                identity.username,
                identity.createdAt,
                identity.updatedAt,
              ],
            )
          })
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
      async link(identity) {
        try {
          await pool.query(
            `INSERT INTO social_identities (provider, subject, user_id, email,
               email_verified, username, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
            [
              identity.provider,
              identity.subject,
              identity.userId,
              identity.email,
              identity.emailVerified ? 1 : 0,
              identity.username,
              identity.createdAt,
              identity.updatedAt,
            ],
          )
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
      async unlink(userId, provider) {
        // The caller holds the user's logins lock (READ COMMITTED alone would let two unlinks
        // each count the other's row).
        const result = await pool.query(
          `DELETE FROM social_identities WHERE user_id = $1 AND provider = $2
           AND ((SELECT COUNT(*) FROM social_identities WHERE user_id = $1 AND provider <> $2)
             + (SELECT COUNT(*) FROM users WHERE id = $1 AND email NOT LIKE 'social:%')) > 0`,
          [userId, provider],
        )
        return (result.rowCount ?? 0) > 0
      },
      async update(identity) {
        await pool.query(
          `UPDATE social_identities SET email = $1, email_verified = $2, username = $3, updated_at = $4
           WHERE provider = $5 AND subject = $6`,
          [
            identity.email,
            identity.emailVerified ? 1 : 0,
            identity.username,
            identity.updatedAt,
            identity.provider,
            identity.subject,
          ],
        )
      },
    },
  }
}
