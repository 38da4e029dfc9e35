import type { Migration } from './migration'

// The on-ramp's migration (issue 15, buy with card), in a file of its own so that migrations
// other work adds meanwhile merge beside it. The same rules as migrations.ts.

/** Migration 12: card purchases. */
export const onrampMigrations: readonly Migration[] = [
  {
    version: 12,
    name: 'onramp-sessions',
    statements: [
      // A purchase from its start to its final state: the quote locked in when it started (the
      // server's own numbers, never the page's), the provider's page, and what the provider's
      // signed webhooks said since. `status` only moves forward (server/onramp).
      `CREATE TABLE onramp_sessions (
        id TEXT PRIMARY KEY,
        provider TEXT NOT NULL,
        project_id TEXT NOT NULL,
        origin TEXT NOT NULL,
        address TEXT NOT NULL,
        chain_id BIGINT NOT NULL,
        token TEXT NOT NULL,
        symbol TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        fiat_currency TEXT NOT NULL,
        fiat_amount TEXT NOT NULL,
        fee_amount TEXT NOT NULL,
        crypto_amount TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        country TEXT NOT NULL,
        widget_url TEXT NOT NULL,
        status TEXT NOT NULL,
        tx_hash TEXT,
        failure_reason TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      'CREATE INDEX onramp_sessions_address ON onramp_sessions (address, created_at)',
    ],
  },
]
