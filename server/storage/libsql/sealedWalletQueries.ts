import type { Client } from '@libsql/client'
import { sealedSharesRow } from '../rows'
import type { Storage } from '../storage'
import { selectOne } from './selectOne'

function isConstraintViolation(error: unknown): boolean {
  return error instanceof Error && /(UNIQUE|PRIMARY KEY) constraint failed/i.test(error.message)
}

/** Another user's wallet has the address (wallets.address is UNIQUE). */
/** Another user has the wallet's address, or (an import) the Solana account's. */
const isAddressTaken = (error: unknown) =>
  error instanceof Error && /constraint failed: (solana_)?wallets\.address/i.test(error.message)

const insertShares = `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at, device_id)`

/** A sealed Solana account: its row has no key (the shares hold it). */
const insertSealedSolana = `INSERT INTO solana_wallets (user_id, address, encrypted_key, created_at)`

/** Sealed wallets (the `wallets` row with custody 'sealed') and their shares on libsql. */
export function sealedWalletQueries(client: Client): Pick<Storage, 'sealedWallets'> {
  return {
    sealedWallets: {
      async create(wallet, shares, solanaAddress) {
        const solana =
          solanaAddress === undefined
            ? []
            : [
                {
                  sql: `${insertSealedSolana} VALUES (?, ?, '', ?)`,
                  args: [wallet.userId, solanaAddress, wallet.createdAt],
                },
              ]
        try {
          await client.batch(
            [
              ...solana,
              {
                sql: `INSERT INTO wallets (user_id, address, encrypted_key, created_at, custody)
                      VALUES (?, ?, '', ?, 'sealed')`,
                args: [wallet.userId, wallet.address, wallet.createdAt],
              },
              {
                sql: `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at, device_id)
                      VALUES (?, ?, ?, ?, ?, ?)`,
                args: [
                  shares.userId,
                  shares.serverShare,
                  shares.recoveryShare,
                  shares.version,
                  shares.updatedAt,
                  shares.deviceId ?? null,
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
      async upgrade(address, shares, solanaAddress) {
        const owned = `EXISTS (SELECT 1 FROM wallets
                         WHERE user_id = ? AND lower(address) = lower(?) AND custody = 'server')`
        // Each statement takes only if the one before did: all of it is written, or none.
        const solana =
          solanaAddress === undefined
            ? []
            : [
                {
                  sql: `UPDATE solana_wallets SET encrypted_key = ''
                        WHERE user_id = ? AND address = ? AND encrypted_key <> '' AND ${owned}`,
                  args: [shares.userId, solanaAddress, shares.userId, address],
                },
              ]
        const solanaSealed =
          solanaAddress === undefined
            ? { sql: '', args: [] }
            : {
                sql: ` AND EXISTS (SELECT 1 FROM solana_wallets
                         WHERE user_id = ? AND address = ? AND encrypted_key = '')`,
                args: [shares.userId, solanaAddress],
              }
        try {
          const results = await client.batch(
            [
              ...solana,
              {
                sql: `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at, device_id)
                      SELECT ?, ?, ?, ?, ?, ? WHERE ${owned}${solanaSealed.sql}`,
                args: [
                  shares.userId,
                  shares.serverShare,
                  shares.recoveryShare,
                  shares.version,
                  shares.updatedAt,
                  shares.deviceId ?? null,
                  shares.userId,
                  address,
                  ...solanaSealed.args,
                ],
              },
              {
                sql: `UPDATE wallets SET custody = 'sealed', encrypted_key = ''
                      WHERE user_id = ? AND lower(address) = lower(?) AND custody = 'server'
                        AND EXISTS (SELECT 1 FROM wallet_shares WHERE user_id = ?)`,
                args: [shares.userId, address, shares.userId],
              },
            ],
            'write',
          )
          return results.every((result) => result.rowsAffected === 1)
        } catch (error) {
          if (isConstraintViolation(error)) return false
          throw error
        }
      },
      async importKey(wallet, shares, replacing, solanaAddress) {
        const shareArgs = [
          shares.userId,
          shares.serverShare,
          shares.recoveryShare,
          shares.version,
          shares.updatedAt,
          shares.deviceId ?? null,
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
                { sql: `${insertShares} VALUES (?, ?, ?, ?, ?, ?)`, args: shareArgs },
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
                  sql: `${insertShares} SELECT ?, ?, ?, ?, ?, ?
                        WHERE EXISTS (SELECT 1 FROM wallets WHERE user_id = ? AND address = ? AND custody = 'sealed')
                          AND NOT EXISTS (SELECT 1 FROM wallet_shares WHERE user_id = ?)`,
                  args: [...shareArgs, wallet.userId, wallet.address, wallet.userId],
                },
              ]
        // The Solana account is replaced only when these shares were stored just now.
        const stored = `EXISTS (SELECT 1 FROM wallet_shares WHERE user_id = ? AND server_share = ?)`
        const solana =
          solanaAddress === undefined
            ? []
            : [
                {
                  sql: `DELETE FROM solana_wallets WHERE user_id = ? AND ${stored}`,
                  args: [wallet.userId, wallet.userId, shares.serverShare],
                },
                {
                  sql: `${insertSealedSolana} SELECT ?, ?, '', ? WHERE ${stored}`,
                  args: [
                    wallet.userId,
                    solanaAddress,
                    wallet.createdAt,
                    wallet.userId,
                    shares.serverShare,
                  ],
                },
              ]
        try {
          const results = await client.batch([...statements, ...solana], 'write')
          // The UPDATE (or INSERT) of the wallet and the INSERT of its shares both took.
          const wrote = results
            .slice(statements.length - 2, statements.length)
            .every((result) => result.rowsAffected === 1)
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
