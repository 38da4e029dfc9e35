import type { Client } from '@libsql/client'
import { deviceRow, solanaWalletRow, userRow, walletRow } from '../rows'
import type { Storage } from '../storage'
import { selectOne } from './selectOne'

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message)
}

/** Users, wallets (EVM and Solana) and devices on libsql. */
export function userQueries(
  client: Client,
): Pick<Storage, 'users' | 'wallets' | 'solanaWallets' | 'devices'> {
  return {
    users: {
      async findById(id) {
        return selectOne(client, userRow, 'SELECT * FROM users WHERE id = ?', [id])
      },
      async findByEmail(email) {
        return selectOne(client, userRow, 'SELECT * FROM users WHERE email = ?', [email])
      },
      async createWithWallet(user, wallet) {
        try {
          await client.batch(
            [
              {
                sql: 'INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)',
                args: [user.id, user.email, user.createdAt],
              },
              {
                sql: 'INSERT INTO wallets (user_id, address, encrypted_key, created_at) VALUES (?, ?, ?, ?)',
                args: [wallet.userId, wallet.address, wallet.encryptedKey, wallet.createdAt],
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
      async create(user) {
        try {
          await client.execute({
            sql: 'INSERT INTO users (id, email, created_at) VALUES (?, ?, ?)',
            args: [user.id, user.email, user.createdAt],
          })
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
      async removeEmail(id) {
        // `social:<id>` is how a user without an email is stored (migration 9).
        const result = await client.execute({
          sql: `UPDATE users SET email = 'social:' || id WHERE id = ? AND email NOT LIKE 'social:%'
                AND (SELECT COUNT(*) FROM social_identities WHERE user_id = ?) > 0`,
          args: [id, id],
        })
        return result.rowsAffected === 1
      },
      async updateEmail(id, email) {
        try {
          await client.execute({
            sql: 'UPDATE users SET email = ? WHERE id = ?',
            args: [email, id],
          })
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
    },
    wallets: {
      async findByUserId(userId) {
        return selectOne(client, walletRow, 'SELECT * FROM wallets WHERE user_id = ?', [userId])
      },
    },
    solanaWallets: {
      async findByUserId(userId) {
        return selectOne(
          client,
          solanaWalletRow,
          'SELECT * FROM solana_wallets WHERE user_id = ?',
          [userId],
        )
      },
      async insertOnce(wallet) {
        await client.execute({
          sql: `INSERT INTO solana_wallets (user_id, address, encrypted_key, created_at)
                VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING`,
          args: [wallet.userId, wallet.address, wallet.encryptedKey, wallet.createdAt],
        })
        // The row exists now (this insert's or an earlier one): the key to use is the stored one.
        const { rows } = await client.execute({
          sql: 'SELECT * FROM solana_wallets WHERE user_id = ?',
          args: [wallet.userId],
        })
        return solanaWalletRow.parse(rows[0])
      },
    },
    devices: {
      async find(userId, deviceId) {
        return selectOne(
          client,
          deviceRow,
          'SELECT * FROM devices WHERE user_id = ? AND device_id = ?',
          [userId, deviceId],
        )
      },
      async upsertVerified(device) {
        await client.execute({
          sql: `INSERT INTO devices (user_id, device_id, verified_at) VALUES (?, ?, ?)
                ON CONFLICT (user_id, device_id) DO UPDATE SET verified_at = excluded.verified_at`,
          args: [device.userId, device.deviceId, device.verifiedAt],
        })
      },
    },
  }
}
