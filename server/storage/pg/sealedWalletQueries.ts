import type { Pool } from 'pg'
import { sealedSharesRow } from '../rows'
import type { Storage } from '../storage'
import { inTransaction, isUniqueViolation, selectOne } from './pgDatabase'

/** Thrown inside an upgrade's transaction to roll it back: not that wallet any more. */
class NotThatWallet extends Error {}

/** Sealed wallets (the `wallets` row with custody 'sealed') and their shares on PostgreSQL. */
export function sealedWalletQueries(pool: Pool): Pick<Storage, 'sealedWallets'> {
  return {
    sealedWallets: {
      async create(wallet, shares, solanaAddress) {
        try {
          await inTransaction(pool, async (client) => {
            if (solanaAddress !== undefined)
              await client.query(
                `INSERT INTO solana_wallets (user_id, address, encrypted_key, created_at)
                 VALUES ($1, $2, '', $3)`,
                [wallet.userId, solanaAddress, wallet.createdAt],
              )
            await client.query(
              `INSERT INTO wallets (user_id, address, encrypted_key, created_at, custody)
               VALUES ($1, $2, '', $3, 'sealed')`,
              [wallet.userId, wallet.address, wallet.createdAt],
            )
            await client.query(
              `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at, device_id)
               VALUES ($1, $2, $3, $4, $5, $6)`,
              [
                shares.userId,
                shares.serverShare,
                shares.recoveryShare,
                shares.version,
                shares.updatedAt,
                shares.deviceId ?? null,
              ],
            )
          })
          return true
        } catch (error) {
          if (isUniqueViolation(error)) return false
          throw error
        }
      },
      async findShares(userId) {
        return selectOne(pool, sealedSharesRow, 'SELECT * FROM wallet_shares WHERE user_id = $1', [
          userId,
        ])
      },
      async replaceShares(shares, fromVersion) {
        // A concurrent rotation waits on the row, then finds the version moved: one wins.
        const result = await pool.query(
          `UPDATE wallet_shares SET server_share = $1, recovery_share = $2, version = $3, updated_at = $4
           WHERE user_id = $5 AND version = $6`,
          [
            shares.serverShare,
            shares.recoveryShare,
            shares.version,
            shares.updatedAt,
            shares.userId,
            fromVersion,
          ],
        )
        return result.rowCount === 1
      },
      async upgrade(address, shares, solanaAddress) {
        try {
          return await inTransaction(pool, async (client) => {
            if (solanaAddress !== undefined) {
              const sealed = await client.query(
                `UPDATE solana_wallets SET encrypted_key = ''
                 WHERE user_id = $1 AND address = $2 AND encrypted_key <> ''`,
                [shares.userId, solanaAddress],
              )
              // Not that Solana account: nothing written (thrown to roll back the transaction).
              if (sealed.rowCount !== 1) throw new NotThatWallet()
            }
            // The row lock of this UPDATE makes a concurrent upgrade wait, then find it sealed.
            const updated = await client.query(
              `UPDATE wallets SET custody = 'sealed', encrypted_key = ''
               WHERE user_id = $1 AND lower(address) = lower($2) AND custody = 'server'`,
              [shares.userId, address],
            )
            // Not that server wallet (sealed already, another address): nothing changed.
            if (updated.rowCount !== 1) throw new NotThatWallet()
            await client.query(
              `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at, device_id)
               VALUES ($1, $2, $3, $4, $5, $6)`,
              [
                shares.userId,
                shares.serverShare,
                shares.recoveryShare,
                shares.version,
                shares.updatedAt,
                shares.deviceId ?? null,
              ],
            )
            return true
          })
        } catch (error) {
          if (isUniqueViolation(error) || error instanceof NotThatWallet) return false
          throw error
        }
      },
      async importKey(wallet, shares, replacing, solanaAddress) {
        try {
          return await inTransaction(pool, async (client) => {
            if (replacing === null)
              await client.query(
                `INSERT INTO wallets (user_id, address, encrypted_key, created_at, custody)
                 VALUES ($1, $2, '', $3, 'sealed')`,
                [wallet.userId, wallet.address, wallet.createdAt],
              )
            else {
              // The row lock makes a concurrent import wait, then find the address moved.
              const updated = await client.query(
                `UPDATE wallets SET address = $1, encrypted_key = '', custody = 'sealed', created_at = $2
                 WHERE user_id = $3 AND lower(address) = lower($4)`,
                [wallet.address, wallet.createdAt, wallet.userId, replacing],
              )
              if (updated.rowCount !== 1) return 'changed' as const
              await client.query('DELETE FROM wallet_shares WHERE user_id = $1', [wallet.userId])
              // Every device's split of the key replaced goes with it (migration 16).
              await client.query('DELETE FROM wallet_device_shares WHERE user_id = $1', [
                wallet.userId,
              ])
            }
            await client.query(
              `INSERT INTO wallet_shares (user_id, server_share, recovery_share, version, updated_at, device_id)
               VALUES ($1, $2, $3, $4, $5, $6)`,
              [
                shares.userId,
                shares.serverShare,
                shares.recoveryShare,
                shares.version,
                shares.updatedAt,
                shares.deviceId ?? null,
              ],
            )
            if (solanaAddress !== undefined) {
              await client.query('DELETE FROM solana_wallets WHERE user_id = $1', [wallet.userId])
              await client.query(
                `INSERT INTO solana_wallets (user_id, address, encrypted_key, created_at)
                 VALUES ($1, $2, '', $3)`,
                [wallet.userId, solanaAddress, wallet.createdAt],
              )
            }
            return 'stored' as const
          })
        } catch (error) {
          if (!isUniqueViolation(error)) throw error
          // wallets.address and solana_wallets.address are UNIQUE: another user has this wallet.
          const constraint = (error as { constraint?: unknown }).constraint
          return constraint === 'wallets_address_key' || constraint === 'solana_wallets_address_key'
            ? 'taken'
            : 'changed'
        }
      },
    },
  }
}
