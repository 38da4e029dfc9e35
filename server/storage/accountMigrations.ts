import type { Migration } from './migration'

// Migrations 9 onwards (social identities, sealed wallets, passkeys, Solana sends): the ways a
// user signs in, how a wallet's key is kept and what it sent. The same rules as migrations.ts: SQL both SQLite and PostgreSQL
// accept; never edit a released migration, add the next number.

/** Migrations 9 onwards, in order (`migrations` ends with them). */
export const accountMigrations: readonly Migration[] = [
  {
    version: 9,
    name: 'social-login',
    statements: [
      // A social login in progress, from its start (bound to the frame's device key) to its one
      // connect. Only hashes of the state, the result handle and the redirect secret are kept.
      `CREATE TABLE social_flows (
        id TEXT PRIMARY KEY,
        state_hash TEXT NOT NULL UNIQUE,
        provider TEXT NOT NULL,
        device_id TEXT NOT NULL,
        thumbprint TEXT NOT NULL,
        code_verifier TEXT NOT NULL,
        nonce TEXT NOT NULL,
        mode TEXT NOT NULL,
        origin TEXT NOT NULL,
        return_url TEXT,
        secret_hash TEXT,
        result_hash TEXT UNIQUE,
        code TEXT,
        error TEXT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        returned_at BIGINT,
        consumed_at BIGINT
      )`,
      'CREATE INDEX social_flows_expires_at ON social_flows (expires_at)',
      // A provider's account, keyed by (provider, subject). users.email stays NOT NULL UNIQUE
      // (SQLite cannot drop a NOT NULL without rebuilding the table and every foreign key to
      // it): a user made by a social login stores `social:<user id>` there, which is never an
      // email (no @), so no email login finds it; the storage reads it back as null.
      `CREATE TABLE social_identities (
        provider TEXT NOT NULL,
        subject TEXT NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id),
        email TEXT,
        email_verified INTEGER NOT NULL,
        username TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (provider, subject)
      )`,
      'CREATE INDEX social_identities_user ON social_identities (user_id)',
    ],
  },
  {
    version: 10,
    name: 'sealed-wallets',
    statements: [
      // `sealed`: the key was split in the frame (docs/security.md) and encrypted_key is empty.
      "ALTER TABLE wallets ADD COLUMN custody TEXT NOT NULL DEFAULT 'server'",
      // A sealed wallet's server share (under the master key) and the recovery share's
      // ciphertext (sealed in the frame with the visitor's password; the server cannot open it).
      `CREATE TABLE wallet_shares (
        user_id TEXT PRIMARY KEY REFERENCES users(id),
        server_share TEXT NOT NULL,
        recovery_share TEXT,
        version INTEGER NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
    ],
  },
  {
    version: 11,
    name: 'passkeys',
    statements: [
      // A user's WebAuthn credentials (server/passkeys): the COSE public key, the last signature
      // counter seen (a uint32: BIGINT, as PostgreSQL's INTEGER stops at 2^31), and whether the
      // authenticator offered the PRF extension at registration.
      `CREATE TABLE passkeys (
        credential_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        public_key TEXT NOT NULL,
        counter BIGINT NOT NULL,
        transports TEXT NOT NULL,
        prf INTEGER NOT NULL,
        backed_up INTEGER NOT NULL,
        created_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      'CREATE INDEX passkeys_user ON passkeys (user_id)',
      // Challenges handed out and not yet answered: single use (deleted when answered), short
      // lived, bound to the device key that asked and to one step (register or login).
      `CREATE TABLE webauthn_challenges (
        challenge_hash TEXT PRIMARY KEY,
        purpose TEXT NOT NULL,
        user_id TEXT REFERENCES users(id),
        thumbprint TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX webauthn_challenges_expires_at ON webauthn_challenges (expires_at)',
    ],
  },
]
