import { z } from 'zod'
import { int } from './rows'

// Second factors on either database (migration 13, server/storage/factorMigrations.ts): one
// implementation over a tiny SQL runner that server/storage/libsql and server/storage/pg adapt.

/** A user's authenticator app (RFC 6238). */
export interface TotpFactorRecord {
  userId: string
  /** The secret (base32), AES-256-GCM under the wallet key (server/factors/totp.ts). */
  secret: string
  /** When a first code confirmed it; null while it is being set up. */
  confirmedAt: number | null
  /** The last time step a code was accepted for (0: none yet). */
  lastStep: number
  createdAt: number
}

/** A proof that the user just gave a second factor, for one session and action (stored hashed). */
export interface FactorProofRecord {
  proofHash: string
  userId: string
  sessionId: string
  action: string
  /** What exactly it allows, when the action has one (a transaction's request hash). */
  subject: string | null
  createdAt: number
  expiresAt: number
}

/** Second factors (server/factors): authenticator apps, recovery codes and fresh proofs. */
export interface FactorStorage {
  totp: {
    find(userId: string): Promise<TotpFactorRecord | undefined>
    /** Stores a secret being set up, replacing one not confirmed; false when one is confirmed. */
    begin(record: TotpFactorRecord): Promise<boolean>
    /** Confirms the secret being set up at `step`, if it is still `secret`; false otherwise. */
    confirm(userId: string, secret: string, step: number, at: number): Promise<boolean>
    /**
     * Accepts a code of `step`: one conditional UPDATE moves `lastStep` up to it, so of two
     * uses of one step (on any instance) exactly one wins; false when it is not above.
     */
    takeStep(userId: string, step: number): Promise<boolean>
    /** Removes the authenticator app; false when there was none. */
    remove(userId: string): Promise<boolean>
  }
  recoveryCodes: {
    /** Replaces every recovery code of the user with these hashes, in one transaction. */
    replace(userId: string, hashes: readonly string[], at: number): Promise<void>
    /** Marks a code used in one conditional UPDATE; false when unknown or used already. */
    spend(userId: string, hash: string, at: number): Promise<boolean>
    /** How many codes the user has left. */
    countUnused(userId: string): Promise<number>
  }
  factorProofs: {
    create(proof: FactorProofRecord): Promise<void>
    /** Deletes the proof and returns it when not expired at `now`; one DELETE, so it is taken once. */
    consume(proofHash: string, now: number): Promise<FactorProofRecord | undefined>
  }
}

/** What {@link factorQueries} needs of a database: `?` placeholders (pg numbers them). */
export interface SqlRunner {
  query(sql: string, args: unknown[]): Promise<{ rows: unknown[]; count: number }>
  /** Runs the statements in one transaction. */
  transaction(statements: readonly { sql: string; args: unknown[] }[]): Promise<void>
}

const totpRow = z
  .object({
    user_id: z.string(),
    secret: z.string(),
    confirmed_at: int.nullable(),
    last_step: int,
    created_at: int,
  })
  .transform(
    (row): TotpFactorRecord => ({
      userId: row.user_id,
      secret: row.secret,
      confirmedAt: row.confirmed_at,
      lastStep: row.last_step,
      createdAt: row.created_at,
    }),
  )

const proofRow = z
  .object({
    proof_hash: z.string(),
    user_id: z.string(),
    session_id: z.string(),
    action: z.string(),
    subject: z.string().nullable(),
    created_at: int,
    expires_at: int,
  })
  .transform(
    (row): FactorProofRecord => ({
      proofHash: row.proof_hash,
      userId: row.user_id,
      sessionId: row.session_id,
      action: row.action,
      subject: row.subject,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    }),
  )

/** The statement that prunes expired factor proofs (args: now). */
export const pruneFactorProofsSql = 'DELETE FROM factor_proofs WHERE expires_at <= ?'

/** {@link FactorStorage} over either database. */
export function factorQueries(db: SqlRunner): FactorStorage {
  return {
    totp: {
      async find(userId) {
        const { rows } = await db.query('SELECT * FROM totp_factors WHERE user_id = ?', [userId])
        return rows[0] ? totpRow.parse(rows[0]) : undefined
      },
      async begin(record) {
        // An insert, or a replacement of a secret nobody confirmed, in one statement.
        const { count } = await db.query(
          `INSERT INTO totp_factors (user_id, secret, confirmed_at, last_step, created_at)
             VALUES (?, ?, NULL, 0, ?)
           ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, last_step = 0,
             created_at = excluded.created_at
           WHERE totp_factors.confirmed_at IS NULL`,
          [record.userId, record.secret, record.createdAt],
        )
        return count === 1
      },
      async confirm(userId, secret, step, at) {
        const { count } = await db.query(
          `UPDATE totp_factors SET confirmed_at = ?, last_step = ?
           WHERE user_id = ? AND secret = ? AND confirmed_at IS NULL`,
          [at, step, userId, secret],
        )
        return count === 1
      },
      async takeStep(userId, step) {
        const { count } = await db.query(
          `UPDATE totp_factors SET last_step = ?
           WHERE user_id = ? AND confirmed_at IS NOT NULL AND last_step < ?`,
          [step, userId, step],
        )
        return count === 1
      },
      async remove(userId) {
        const { count } = await db.query('DELETE FROM totp_factors WHERE user_id = ?', [userId])
        return count === 1
      },
    },
    recoveryCodes: {
      async replace(userId, hashes, at) {
        await db.transaction([
          { sql: 'DELETE FROM recovery_codes WHERE user_id = ?', args: [userId] },
          ...hashes.map((hash) => ({
            sql: 'INSERT INTO recovery_codes (user_id, code_hash, created_at, used_at) VALUES (?, ?, ?, NULL)',
            args: [userId, hash, at],
          })),
        ])
      },
      async spend(userId, hash, at) {
        const { count } = await db.query(
          'UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL',
          [at, userId, hash],
        )
        return count === 1
      },
      async countUnused(userId) {
        const { rows } = await db.query(
          'SELECT COUNT(*) AS n FROM recovery_codes WHERE user_id = ? AND used_at IS NULL',
          [userId],
        )
        return z.object({ n: int }).parse(rows[0]).n
      },
    },
    factorProofs: {
      async create(proof) {
        await db.query(
          `INSERT INTO factor_proofs (proof_hash, user_id, session_id, action, subject, created_at,
             expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
          [
            proof.proofHash,
            proof.userId,
            proof.sessionId,
            proof.action,
            proof.subject,
            proof.createdAt,
            proof.expiresAt,
          ],
        )
      },
      async consume(proofHash, now) {
        // Deleted whatever its state, so a stale proof is gone too; returned only when live.
        const { rows } = await db.query(
          'DELETE FROM factor_proofs WHERE proof_hash = ? RETURNING *',
          [proofHash],
        )
        const proof = rows[0] ? proofRow.parse(rows[0]) : undefined
        return proof && proof.expiresAt > now ? proof : undefined
      },
    },
  }
}
