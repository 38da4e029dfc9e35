import type { Client } from '@libsql/client'
import type { Storage } from '../types'
import { deviceRow, userRow, walletRow } from './rows'

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message)
}

/** Users, wallets and devices on libsql. */
export function userQueries(client: Client): Pick<Storage, 'users' | 'wallets' | 'devices'> {
  return {
    users: {
      async findById(id) {
        const { rows } = await client.execute({
          sql: 'SELECT * FROM users WHERE id = ?',
          args: [id],
        })
        return rows[0] ? userRow.parse(rows[0]) : undefined
      },
      async findByEmail(email) {
        const { rows } = await client.execute({
          sql: 'SELECT * FROM users WHERE email = ?',
          args: [email],
        })
        return rows[0] ? userRow.parse(rows[0]) : undefined
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
        const { rows } = await client.execute({
          sql: 'SELECT * FROM wallets WHERE user_id = ?',
          args: [userId],
        })
        return rows[0] ? walletRow.parse(rows[0]) : undefined
      },
    },
    devices: {
      async find(userId, deviceId) {
        const { rows } = await client.execute({
          sql: 'SELECT * FROM devices WHERE user_id = ? AND device_id = ?',
          args: [userId, deviceId],
        })
        return rows[0] ? deviceRow.parse(rows[0]) : undefined
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
