import type { Client } from '@libsql/client'
import { socialFlowRow, socialIdentityRow } from '../socialRows'
import type { Storage } from '../storage'
import { selectOne } from './selectOne'

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message)
}

/** Social login flows and identities on libsql. */
export function socialQueries(client: Client): Pick<Storage, 'socialFlows' | 'socialIdentities'> {
  return {
    socialFlows: {
      async create(flow) {
        await client.execute({
          sql: `INSERT INTO social_flows (id, state_hash, provider, device_id, thumbprint,
                  code_verifier, nonce, mode, origin, return_url, secret_hash, link_user_id,
                  created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [
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
        })
      },
      async answer(stateHash, answer, now) {
        const { rows } = await client.execute({
          sql: `UPDATE social_flows SET result_hash = ?, code = ?, error = ?, returned_at = ?
                WHERE state_hash = ? AND returned_at IS NULL AND expires_at > ? RETURNING *`,
          args: [answer.resultHash, answer.code, answer.error, now, stateHash, now],
        })
        return rows[0] ? socialFlowRow.parse(rows[0]) : undefined
      },
      async findByResult(resultHash) {
        return selectOne(
          client,
          socialFlowRow,
          'SELECT * FROM social_flows WHERE result_hash = ?',
          [resultHash],
        )
      },
      async consume(id, now) {
        const result = await client.execute({
          sql: `UPDATE social_flows SET consumed_at = ?, code = NULL
                WHERE id = ? AND consumed_at IS NULL AND expires_at > ?`,
          args: [now, id, now],
        })
        return result.rowsAffected === 1
      },
    },
    socialIdentities: {
      async find(provider, subject) {
        return selectOne(
          client,
          socialIdentityRow,
          'SELECT * FROM social_identities WHERE provider = ? AND subject = ?',
          [provider, subject],
        )
      },
      async findByUser(userId) {
        const { rows } = await client.execute({
          sql: 'SELECT * FROM social_identities WHERE user_id = ? ORDER BY created_at, provider',
          args: [userId],
        })
        return rows.map((row) => socialIdentityRow.parse(row))
      },
      async createWithUser(user, wallet, identity) {
        try {
          await client.batch(
            [
              {
                // Never an email (no @): see migration 9.
                sql: 'INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)',
                args: [user.id, `social:${user.id}`, user.createdAt],
              },
              ...(wallet
                ? [
                    {
                      sql: 'INSERT INTO wallets (user_id, address, encrypted_key, created_at) VALUES (?, ?, ?, ?)',
                      args: [wallet.userId, wallet.address, wallet.encryptedKey, wallet.createdAt],
                    },
                  ]
                : []),
              {
                sql: `INSERT INTO social_identities (provider, subject, user_id, email,
                        email_verified, username, created_at, updated_at)
                      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
                args: [
                  identity.provider,
                  identity.subject,
                  identity.userId,
                  identity.email,
                  identity.emailVerified ? 1 : 0,
                  identity.username,
                  identity.createdAt,
                  identity.updatedAt,
                ],
              },
            ],
            'write',
          )
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
      async link(identity) {
        try {
          await client.execute({
            sql: `INSERT INTO social_identities (provider, subject, user_id, email,
                    email_verified, username, created_at, updated_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [
              identity.provider,
              identity.subject,
              identity.userId,
              identity.email,
              identity.emailVerified ? 1 : 0,
              identity.username,
              identity.createdAt,
              identity.updatedAt,
            ],
          })
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
      async unlink(userId, provider) {
        // One statement: the count of what remains is read where the row is deleted.
        const result = await client.execute({
          sql: `DELETE FROM social_identities WHERE user_id = ? AND provider = ?
                AND ((SELECT COUNT(*) FROM social_identities WHERE user_id = ? AND provider <> ?)
                  + (SELECT COUNT(*) FROM users WHERE id = ? AND email NOT LIKE 'social:%')) > 0`,
          args: [userId, provider, userId, provider, userId],
        })
        return result.rowsAffected > 0
      },
      async update(identity) {
        await client.execute({
          sql: `UPDATE social_identities SET email = ?, email_verified = ?, username = ?, updated_at = ?
                WHERE provider = ? AND subject = ?`,
          args: [
            identity.email,
            identity.emailVerified ? 1 : 0,
            identity.username,
            identity.updatedAt,
            identity.provider,
            identity.subject,
          ],
        })
      },
    },
  }
}
