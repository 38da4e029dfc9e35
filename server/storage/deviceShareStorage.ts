import { z } from 'zod'
import { int } from './rows'

// A sealed wallet's per-device splits on either database (migration 16,
// server/storage/deviceSharesMigration.ts): one implementation over a tiny SQL runner that
// server/storage/libsql and server/storage/pg adapt.

/** One device's split of a sealed wallet: the server's share of it and its sealed recovery share. */
export interface DeviceShareRecord {
  userId: string
  /** The frame's device id of the session that made this split. */
  deviceId: string
  /** AES-256-GCM under the wallet key, as the first slot's (`wallet_shares`) is. */
  serverShare: string
  /** The recovery share as the frame sealed it (JSON); null while none is set. */
  recoveryShare: string | null
  /** The split's version: unique per wallet over both tables (the frame pairs shares by it). */
  version: number
  createdAt: number
  updatedAt: number
}

/** A new split of one device, as {@link DeviceShareStorage} stores it. */
export interface NewDeviceShare {
  userId: string
  deviceId: string
  serverShare: string
  recoveryShare: string | null
  at: number
}

/** Per-device splits of sealed wallets (docs/security.md "Sealed wallets on several devices"). */
export interface DeviceShareStorage {
  deviceShares: {
    /** The user's device splits, the newest first. */
    findByUser(userId: string): Promise<DeviceShareRecord[]>
    /**
     * Stores a device's new split, its version one above every split of the wallet, in one
     * transaction that waits for any other of the user's (the wallet row is locked): with
     * `fromVersion` null only while the device has no split, else only while its split is still
     * at `fromVersion`; `retireFirst`: the first slot (`wallet_shares`) at that version is
     * deleted too (this device held it); `maxSplits`: a new split only while the wallet has fewer
     * (both tables). The new version, or undefined when nothing was written.
     */
    enrol(
      share: NewDeviceShare,
      fromVersion: number | null,
      retireFirst: number | null,
      maxSplits?: number | undefined,
    ): Promise<number | undefined>
    /** Deletes the device's split and signs the device out (its sessions); false when none. */
    revoke(userId: string, deviceId: string): Promise<boolean>
    /**
     * Deletes the first slot while it is at `version` and signs its device out (its sessions;
     * none for a first slot made before migration 18, whose device is unknown); false when none.
     */
    revokeFirst(userId: string, version: number): Promise<boolean>
  }
}

/** What {@link deviceShareQueries} needs of a database: `?` placeholders (pg numbers them). */
export interface ShareSqlRunner {
  query(sql: string, args: unknown[]): Promise<{ rows: unknown[]; count: number }>
  /** Runs the statements in one transaction; each one's rows and count. */
  batch(
    statements: readonly { sql: string; args: unknown[] }[],
  ): Promise<{ rows: unknown[]; count: number }[]>
}

const deviceShareRow = z
  .object({
    user_id: z.string(),
    device_id: z.string(),
    server_share: z.string(),
    recovery_share: z.string().nullable(),
    version: int,
    created_at: int,
    updated_at: int,
  })
  .transform(
    (row): DeviceShareRecord => ({
      userId: row.user_id,
      deviceId: row.device_id,
      serverShare: row.server_share,
      recoveryShare: row.recovery_share,
      version: row.version,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }),
  )

// One above every split of the user's wallet, in both tables (args: user id twice).
const nextVersion = `(SELECT coalesce(max(v), 0) + 1 FROM (
    SELECT version AS v FROM wallet_shares WHERE user_id = ?
    UNION ALL SELECT version AS v FROM wallet_device_shares WHERE user_id = ?) AS splits)`

// How many splits the user's wallet has, in both tables (args: user id twice).
const splitCount = `((SELECT count(*) FROM wallet_shares WHERE user_id = ?)
    + (SELECT count(*) FROM wallet_device_shares WHERE user_id = ?))`

/** {@link DeviceShareStorage} over `run`. */
export function deviceShareQueries(run: ShareSqlRunner): DeviceShareStorage {
  return {
    deviceShares: {
      async findByUser(userId) {
        const { rows } = await run.query(
          'SELECT * FROM wallet_device_shares WHERE user_id = ? ORDER BY version DESC',
          [userId],
        )
        return rows.map((row) => deviceShareRow.parse(row))
      },
      async enrol(share, fromVersion, retireFirst, maxSplits) {
        const { userId, deviceId, serverShare, recoveryShare, at } = share
        const write =
          fromVersion === null
            ? {
                sql: `INSERT INTO wallet_device_shares
                        (user_id, device_id, server_share, recovery_share, version, created_at, updated_at)
                      SELECT CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS TEXT),
                             ${nextVersion}, CAST(? AS BIGINT), CAST(? AS BIGINT)
                      WHERE NOT EXISTS (SELECT 1 FROM wallet_device_shares WHERE user_id = ? AND device_id = ?)
                        AND ${splitCount} < CAST(? AS BIGINT)`,
                args: [userId, deviceId, serverShare, recoveryShare, userId, userId, at, at].concat(
                  [userId, deviceId, userId, userId, maxSplits ?? Number.MAX_SAFE_INTEGER],
                ),
              }
            : {
                sql: `UPDATE wallet_device_shares
                      SET server_share = ?, recovery_share = ?, version = ${nextVersion}, updated_at = ?
                      WHERE user_id = ? AND device_id = ? AND version = ?`,
                args: [
                  serverShare,
                  recoveryShare,
                  userId,
                  userId,
                  at,
                  userId,
                  deviceId,
                  fromVersion,
                ],
              }
        const mine =
          'SELECT 1 FROM wallet_device_shares WHERE user_id = ? AND device_id = ? AND server_share = ?'
        const [locked, written, , read] = await run.batch([
          // The wallet row's lock: the user's enrolments run one after the other (PostgreSQL
          // holds it to the commit; SQLite's write transactions are one at a time anyway).
          {
            sql: "UPDATE wallets SET custody = custody WHERE user_id = ? AND custody = 'sealed'",
            args: [userId],
          },
          write,
          {
            sql: `DELETE FROM wallet_shares WHERE user_id = ? AND version = ? AND EXISTS (${mine})`,
            args: [userId, retireFirst ?? -1, userId, deviceId, serverShare],
          },
          {
            sql: 'SELECT version FROM wallet_device_shares WHERE user_id = ? AND device_id = ? AND server_share = ?',
            args: [userId, deviceId, serverShare],
          },
        ])
        if (locked?.count !== 1 || written?.count !== 1) return undefined
        const version = z.object({ version: int }).safeParse(read?.rows[0])
        return version.success ? version.data.version : undefined
      },
      async revoke(userId, deviceId) {
        const [deleted] = await run.batch([
          {
            sql: 'DELETE FROM wallet_device_shares WHERE user_id = ? AND device_id = ?',
            args: [userId, deviceId],
          },
          {
            sql: 'DELETE FROM sessions WHERE user_id = ? AND device_id = ?',
            args: [userId, deviceId],
          },
        ])
        return deleted?.count === 1
      },
      async revokeFirst(userId, version) {
        const [, deleted] = await run.batch([
          // Its device's sessions first, while the split still names it (none when unknown).
          {
            sql: `DELETE FROM sessions WHERE user_id = ? AND device_id = (
                    SELECT device_id FROM wallet_shares WHERE user_id = ? AND version = ?)`,
            args: [userId, userId, version],
          },
          {
            sql: 'DELETE FROM wallet_shares WHERE user_id = ? AND version = ?',
            args: [userId, version],
          },
        ])
        return deleted?.count === 1
      },
    },
  }
}
