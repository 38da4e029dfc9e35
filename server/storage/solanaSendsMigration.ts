import type { Migration } from './migration'

/** Migration 15 (issue 13): the embedded wallet's Solana sends, recorded before they go out. */
export const solanaSendsMigration: Migration = {
  version: 15,
  name: 'solana-sends',
  statements: [
    // A Solana transaction the server signed, recorded under its signature (its id on the
    // cluster) before it is sent, then what became of it: as chain_sends for EVM.
    `CREATE TABLE solana_sends (
        signature TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        cluster TEXT NOT NULL,
        address TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
  ],
}
