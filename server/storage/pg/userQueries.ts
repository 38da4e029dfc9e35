import type { Pool } from 'pg'
import { deviceRow, solanaWalletRow, userRow, walletRow } from '../rows'
import type { Storage } from '../storage'
import { inTransaction, isUniqueViolation, selectOne } from './pgDatabase'

const insertUser = 'INSERT INTO users (id, email, created_at) VALUES ($1, $2, $3)'
const insertWallet =
  'INSERT INTO wallets (user_id, address, encrypted_key, created_at) VALUES ($1, $2, $3, $4)'

/**
 * Users, wallets (EVM and Solana) and devices on PostgreSQL. A first login's user and wallet are
 * one transaction, and `users.email` is UNIQUE: of concurrent first logins of one email on any
 * number of servers, one commits and the others roll back (never two wallets for one email).
 */
export function userQueries(
  pool: Pool,
): Pick<Storage, 'users' | 'wallets' | 'solanaWallets' | 'devices'> {
  return {
    users: {
      async findById(id) {
        return selectOne(pool, userRow, 'SELECT * FROM users WHERE id = $1', [id])
      },
      async findByEmail(email) {
        return selectOne(pool, userRow, 'SELECT * FROM users WHERE email = $1', [email])
      },
      async createWithWallet(user, wallet) {
        try {
          await inTransaction(pool, async (client) => {
            await client.query(insertUser, [user.id, user.email, user.createdAt])
            await client.query(insertWallet, [
              wallet.userId,
              wallet.address,
              wallet.encryptedKey,
              wallet.createdAt,
            ])
          })
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
      async create(user) {
        const result = await pool.query(`${insertUser} ON CONFLICT DO NOTHING`, [
          user.id,
          user.email,
          user.createdAt,
        ])
        return result.rowCount === 1
      },
      async removeEmail(id) {
        // `social:<id>` is how a user without an email is stored (migration 9).
        const result = await pool.query(
          `UPDATE users SET email = 'social:' || id WHERE id = $1 AND email NOT LIKE 'social:%'
           AND (SELECT COUNT(*) FROM social_identities WHERE user_id = $1) > 0`,
          [id],
        )
        return result.rowCount === 1
      },
      async updateEmail(id, email) {
        try {
          await pool.query('UPDATE users SET email = $1 WHERE id = $2', [email, id])
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
    },
    wallets: {
      async findByUserId(userId) {
        return selectOne(pool, walletRow, 'SELECT * FROM wallets WHERE user_id = $1', [userId])
      },
    },
    solanaWallets: {
      async findByUserId(userId) {
        return selectOne(pool, solanaWalletRow, 'SELECT * FROM solana_wallets WHERE user_id = $1', [
          userId,
        ])
      },
      async insertOnce(wallet) {
        // A concurrent insert of the same user waits for the first to commit, then does nothing.
        await pool.query(
          `INSERT INTO solana_wallets (user_id, address, encrypted_key, created_at)
           VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING`,
          [wallet.userId, wallet.address, wallet.encryptedKey, wallet.createdAt],
        )
        // The row exists now (this insert's or an earlier one): the key to use is the stored one.
        const { rows } = await pool.query('SELECT * FROM solana_wallets WHERE user_id = $1', [
          wallet.userId,
        ])
        return solanaWalletRow.parse(rows[0])
      },
    },
    devices: {
      async find(userId, deviceId) {
        return selectOne(
          pool,
          deviceRow,
          'SELECT * FROM devices WHERE user_id = $1 AND device_id = $2',
          [userId, deviceId],
        )
      },
      async upsertVerified(device) {
        await pool.query(
          `INSERT INTO devices (user_id, device_id, verified_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, device_id) DO UPDATE SET verified_at = excluded.verified_at`,
          [device.userId, device.deviceId, device.verifiedAt],
        )
      },
    },
  }
}
