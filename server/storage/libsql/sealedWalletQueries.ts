import type { Client } from '@libsql/client'
import { sealedSharesRow } from '../rows'
import type { Storage } from '../storage'
import { selectOne } from './selectOne'

function isConstraintViolation(error: unknown): boolean {
  return error instanceof Error && /(UNIQUE|PRIMARY KEY) constraint failed/i.test(error.message)
}

/** Another user's wallet has the address (wallets.address is UNIQUE). */
const isAddressTaken = (error: unknown) =>
  error instanceof Error && /constraint failed: wallets\.address/i.test(error.message)

const insertShares = `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at)`

/** Sealed wallets (the `wallets` row with custody 'sealed') and their shares on libsql. */
export function sealedWalletQueries(client: Client): Pick<Storage, 'sealedWallets'> {
  return {
    sealedWallets: {
      async create(wallet, shares) {
        try {
          await client.batch(
            [
              {
                sql: `INSERT INTO wallets (user_id, address, encrypted_key, created_at, custody)
                      VALUES (?, ?, '', ?, 'sealed')`,
                args: [wallet.userId, wallet.address, wallet.createdAt],
              },
              {
                sql: `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at)
                      VALUES (?, ?, ?, ?, ?)`,
                args: [
                  shares.userId,
                  shares.serverShare,
                  shares.recoveryShare,
                  shares.version,
                  shares.updatedAt,
                ],
              },
            ],
            'write',
          )
          return true
        } catch (error) {
          if (isConstraintViolation(error)) return false
          throw error
        }
      },
      async findShares(userId) {
        return selectOne(client, sealedSharesRow, 'SELECT * FROM wallet_shares WHERE user_id = ?', [
          userId,
        ])
      },
      async replaceShares(shares, fromVersion) {
        const result = await client.execute({
          sql: `UPDATE wallet_shares SET server_share = ?, recovery_share = ?, version = ?, updated_at = ?
                WHERE user_id = ? AND version = ?`,
          args: [
            shares.serverShare,
            shares.recoveryShare,
            shares.version,
            shares.updatedAt,
            shares.userId,
            fromVersion,
          ],
        })
        return result.rowsAffected === 1
      },
      async upgrade(address, shares) {
        const owned = `EXISTS (SELECT 1 FROM wallets
                         WHERE user_id = ? AND lower(address) = lower(?) AND custody = 'server')`
        try {
          const [inserted, updated] = await client.batch(
            [
              {
                sql: `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at)
                      SELECT ?, ?, ?, ?, ? WHERE ${owned}`,
                args: [
                  shares.userId,
                  shares.serverShare,
                  shares.recoveryShare,
                  shares.version,
                  shares.updatedAt,
                  shares.userId,
                  address,
                ],
              },
              {
                sql: `UPDATE wallets SET custody = 'sealed', encrypted_key = ''
                      WHERE user_id = ? AND lower(address) = lower(?) AND custody = 'server'`,
                args: [shares.userId, address],
              },
            ],
            'write',
          )
          return inserted?.rowsAffected === 1 && updated?.rowsAffected === 1
        } catch (error) {
          if (isConstraintViolation(error)) return false
          throw error
        }
      },
      async importKey(wallet, shares, replacing) {
        const shareArgs = [
          shares.userId,
          shares.serverShare,
          shares.recoveryShare,
          shares.version,
          shares.updatedAt,
        ]
        const owned = `EXISTS (SELECT 1 FROM wallets WHERE user_id = ? AND lower(address) = lower(?))`
        const statements =
          replacing === null
            ? [
                {
                  sql: `INSERT INTO wallets (user_id, address, encrypted_key, created_at, custody)
                        VALUES (?, ?, '', ?, 'sealed')`,
                  args: [wallet.userId, wallet.address, wallet.createdAt],
                },
                { sql: `${insertShares} VALUES (?, ?, ?, ?, ?)`, args: shareArgs },
              ]
            : [
                // Every device's split of the key replaced goes with it (migration 16).
                {
                  sql: `DELETE FROM wallet_device_shares WHERE user_id = ? AND ${owned}`,
                  args: [wallet.userId, wallet.userId, replacing],
                },
                {
                  sql: `DELETE FROM wallet_shares WHERE user_id = ? AND ${owned}`,
                  args: [wallet.userId, wallet.userId, replacing],
                },
                {
                  sql: `UPDATE wallets SET address = ?, encrypted_key = '', custody = 'sealed', created_at = ?
                        WHERE user_id = ? AND lower(address) = lower(?)`,
                  args: [wallet.address, wallet.createdAt, wallet.userId, replacing],
                },
                // Only after that UPDATE: the wallet is the new one, and it has no shares now.
                {
                  sql: `${insertShares} SELECT ?, ?, ?, ?, ?
                        WHERE EXISTS (SELECT 1 FROM wallets WHERE user_id = ? AND address = ? AND custody = 'sealed')
                          AND NOT EXISTS (SELECT 1 FROM wallet_shares WHERE user_id = ?)`,
                  args: [...shareArgs, wallet.userId, wallet.address, wallet.userId],
                },
              ]
        try {
          const results = await client.batch(statements, 'write')
          // The UPDATE (or INSERT) of the wallet and the INSERT of its shares both took.
          const wrote = results.slice(-2).every((result) => result.rowsAffected === 1)
          return wrote ? 'stored' : 'changed'
        } catch (error) {
          if (isAddressTaken(error)) return 'taken'
          if (isConstraintViolation(error)) return 'changed'
          throw error
        }
      },
    },
  }
}
