import type { Migration } from './migration'

// Second factors and their proofs (server/factors, docs/security.md "Second factors"). The same
// rules as migrations.ts: SQL both SQLite and PostgreSQL accept; never edit a released
// migration, add the next number.

/** The second-factor migrations, in order (`migrations` ends with them). */
export const factorMigrations: readonly Migration[] = [
  {
    version: 13,
    name: 'second-factors',
    statements: [
      // A user's authenticator app (RFC 6238): the secret under the master key, set up until a
      // first code confirms it, and the last time step a code was accepted for: a code counts
      // only for a later step (one compare-and-set UPDATE), so a code is used once everywhere.
      `CREATE TABLE totp_factors (
        user_id TEXT PRIMARY KEY REFERENCES users(id),
        secret TEXT NOT NULL,
        confirmed_at BIGINT,
        last_step BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      // Single-use recovery codes: only their SHA-256 (80 random bits each) is kept.
      `CREATE TABLE recovery_codes (
        user_id TEXT NOT NULL REFERENCES users(id),
        code_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        used_at BIGINT,
        PRIMARY KEY (user_id, code_hash)
      )`,
      // A proof that a second factor was just given: for one session, one action (and for a
      // transaction its request hash), short lived, taken once (one DELETE).
      `CREATE TABLE factor_proofs (
        proof_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id),
        session_id TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX factor_proofs_expires_at ON factor_proofs (expires_at)',
    ],
  },
]
