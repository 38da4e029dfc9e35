import type { Migration } from './migration'

/**
 * Migration 17 (issue 15): a card purchase's reference at its provider (a real provider's own
 * purchase id, and what its status API needs), bound by the first verified event and compared
 * with every later one.
 */
export const onrampProviderRefMigration: Migration = {
  version: 17,
  name: 'onramp-provider-ref',
  statements: ['ALTER TABLE onramp_sessions ADD COLUMN provider_ref TEXT'],
}
