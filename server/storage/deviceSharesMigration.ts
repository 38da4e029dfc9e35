import type { Migration } from './migration'

/**
 * Migration 16 (issue 16): a sealed wallet's shares per device. Each device that unlocked the
 * wallet has a split of its own (docs/security.md "Sealed wallets on several devices"): its
 * server share (under the master key) and its recovery share (sealed in the frame) are kept
 * here, keyed by the frame's device id, so one device's new split leaves the others' valid.
 * `wallet_shares` keeps the split made with the wallet (at its making, upgrade or import): the
 * "first" slot of the device that made it, until that device splits anew or is signed out.
 */
export const deviceSharesMigration: Migration = {
  version: 16,
  name: 'device-shares',
  statements: [
    `CREATE TABLE wallet_device_shares (
        user_id TEXT NOT NULL REFERENCES users(id),
        device_id TEXT NOT NULL,
        server_share TEXT NOT NULL,
        recovery_share TEXT,
        version INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, device_id)
      )`,
    // A split's version is unique per wallet, over both tables (the frame pairs by version).
    'CREATE UNIQUE INDEX wallet_device_shares_version ON wallet_device_shares (user_id, version)',
  ],
}
