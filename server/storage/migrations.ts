import { accountMigrations } from './accountMigrations'
import { deviceSharesMigration } from './deviceSharesMigration'
import { factorMigrations } from './factorMigrations'
import { firstSplitDeviceMigration } from './firstSplitDeviceMigration'
import { linkedLoginsMigration } from './linkedLoginsMigration'
import type { Migration } from './migration'
import { onrampMigrations } from './onrampMigrations'
import { onrampProviderRefMigration } from './onrampProviderRefMigration'
import { solanaSendsMigration } from './solanaSendsMigration'

// The type in a file of its own: the migration lists import it without a circle.
export type { Migration } from './migration'

// Plain SQL that SQLite and PostgreSQL both accept: TEXT, BIGINT (ms timestamps), INTEGER,
// primary keys, unique indexes, foreign keys. No AUTOINCREMENT, no SQLite-only types.

/** The schema, in order; never edit a released migration, add the next number. */
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    statements: [
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE wallets (
        user_id TEXT PRIMARY KEY REFERENCES users(id),
        address TEXT NOT NULL UNIQUE,
        encrypted_key TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE devices (
        user_id TEXT NOT NULL REFERENCES users(id),
        device_id TEXT NOT NULL,
        verified_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, device_id)
      )`,
      `CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        device_id TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX sessions_expires_at ON sessions (expires_at)',
      `CREATE TABLE otps (
        id TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        subject TEXT NOT NULL,
        device_id TEXT,
        code_hash TEXT NOT NULL,
        data TEXT,
        attempts INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        consumed_at BIGINT
      )`,
      'CREATE INDEX otps_purpose_subject ON otps (purpose, subject)',
      `CREATE TABLE calls (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        chain_id BIGINT NOT NULL,
        hashes TEXT NOT NULL,
        failed INTEGER NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      `CREATE TABLE rate_limits (
        key TEXT NOT NULL,
        window_start BIGINT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (key, window_start)
      )`,
    ],
  },
  {
    version: 2,
    name: 'siwx',
    statements: [
      `CREATE TABLE siwx_nonces (
        nonce TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        consumed INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX siwx_nonces_expires_at ON siwx_nonces (expires_at)',
      `CREATE TABLE siwx_sessions (
        token_hash TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        chain_id TEXT NOT NULL,
        address TEXT NOT NULL,
        message TEXT NOT NULL,
        signature TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX siwx_sessions_expires_at ON siwx_sessions (expires_at)',
    ],
  },
  {
    version: 3,
    name: 'device-bound sessions',
    statements: [
      // The device key a session is bound to (its RFC 7638 thumbprint and public JWK).
      `CREATE TABLE session_keys (
        session_id TEXT PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
        thumbprint TEXT NOT NULL,
        jwk TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      // Ids (jti) of device proofs already accepted, until their iat window ends.
      `CREATE TABLE proof_ids (
        id TEXT PRIMARY KEY,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX proof_ids_expires_at ON proof_ids (expires_at)',
    ],
  },
  {
    version: 4,
    name: 'account-protection',
    statements: [
      // One row per counted hit: exact sliding windows (a burst cannot straddle a window edge).
      `CREATE TABLE limit_hits (
        id TEXT PRIMARY KEY,
        key TEXT NOT NULL,
        at BIGINT NOT NULL
      )`,
      'CREATE INDEX limit_hits_key_at ON limit_hits (key, at)',
      'CREATE INDEX limit_hits_at ON limit_hits (at)',
      // Escalating lockouts: `level` counts lockouts in a row, `locked_until` ends the current one.
      `CREATE TABLE lockouts (
        key TEXT PRIMARY KEY,
        level INTEGER NOT NULL,
        locked_until BIGINT NOT NULL
      )`,
      'DROP TABLE rate_limits',
    ],
  },
  {
    version: 5,
    name: 'chain-sends',
    statements: [
      // Every signed transaction, recorded with its hash before it is broadcast (docs/chain-calls.md).
      `CREATE TABLE chain_sends (
        hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        chain_id BIGINT NOT NULL,
        address TEXT NOT NULL,
        nonce BIGINT NOT NULL,
        status TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      'CREATE INDEX chain_sends_account ON chain_sends (chain_id, address, nonce)',
    ],
  },
  {
    version: 6,
    name: 'analytics-events',
    statements: [
      // Events of the modal (POST /e); the client's event id is unique per project (a resend is
      // stored once).
      `CREATE TABLE analytics_events (
        project_id TEXT NOT NULL,
        event_id TEXT NOT NULL,
        url TEXT NOT NULL,
        domain TEXT NOT NULL,
        origin TEXT,
        timestamp BIGINT NOT NULL,
        props TEXT NOT NULL,
        sdk_type TEXT,
        sdk_version TEXT,
        received_at BIGINT NOT NULL,
        PRIMARY KEY (project_id, event_id)
      )`,
      'CREATE INDEX analytics_events_received_at ON analytics_events (received_at)',
    ],
  },
  {
    version: 7,
    name: 'chain-index',
    statements: [
      // Transfers found by the chain indexer (server/chainData): one row per transaction value
      // (log_index -1) or Transfer log; the key makes indexing a block twice store it once.
      `CREATE TABLE chain_transfers (
        chain_id BIGINT NOT NULL,
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        block_number BIGINT NOT NULL,
        tx_index INTEGER NOT NULL,
        block_time BIGINT NOT NULL,
        kind TEXT NOT NULL,
        contract TEXT,
        from_address TEXT NOT NULL,
        to_address TEXT NOT NULL,
        amount TEXT NOT NULL,
        token_id TEXT,
        PRIMARY KEY (chain_id, tx_hash, log_index)
      )`,
      'CREATE INDEX chain_transfers_from ON chain_transfers (chain_id, from_address, block_number, tx_index)',
      'CREATE INDEX chain_transfers_to ON chain_transfers (chain_id, to_address, block_number, tx_index)',
      'CREATE INDEX chain_transfers_token ON chain_transfers (chain_id, contract, token_id, block_number)',
      // The next block to index per chain.
      `CREATE TABLE chain_index_cursors (
        chain_id BIGINT PRIMARY KEY,
        next_block BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 8,
    name: 'solana-wallets',
    statements: [
      // A user's ed25519 key, made the first time the wallet's accounts are asked for (users made
      // before this migration have none until then; a key needs the master key, SQL has none).
      `CREATE TABLE solana_wallets (
        user_id TEXT PRIMARY KEY REFERENCES users(id),
        address TEXT NOT NULL UNIQUE,
        encrypted_key TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
    ],
  },
  ...accountMigrations,
  ...onrampMigrations,
  ...factorMigrations,
  linkedLoginsMigration,
  solanaSendsMigration,
  deviceSharesMigration,
  onrampProviderRefMigration,
  firstSplitDeviceMigration,
]
