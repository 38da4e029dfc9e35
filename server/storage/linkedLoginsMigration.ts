import type { Migration } from './migration'

/**
 * Migration 14 (issue 14, one wallet with several ways in): a social login may link the
 * provider's account to the signed-in user instead of signing in (`link_user_id`, the user the
 * flow's session belonged to when it started). Kept in a file of its own, appended last.
 */
export const linkedLoginsMigration: Migration = {
  version: 14,
  name: 'linked-logins',
  statements: ['ALTER TABLE social_flows ADD COLUMN link_user_id TEXT'],
}
