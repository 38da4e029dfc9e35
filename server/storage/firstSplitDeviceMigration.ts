import type { Migration } from './migration'

/**
 * Migration 18 (issue 16): the device that made a sealed wallet's first split (`wallet_shares`,
 * made with the wallet, its upgrade or import), as `wallet_device_shares` records each other
 * split's: signing that device out of the wallet ends its sessions too. Null for a first split
 * made before this migration (its device is not known).
 */
export const firstSplitDeviceMigration: Migration = {
  version: 18,
  name: 'first-split-device',
  statements: ['ALTER TABLE wallet_shares ADD COLUMN device_id TEXT'],
}
