import type { Pool } from 'pg'
import { z } from 'zod'
import { randomId } from '../../crypto/random'
import { int } from '../rows'
import type { LimitStorage } from '../storage'
import { inTransaction, lockKey, type Queryable } from './pgDatabase'

const atRow = z.object({ at: int })
const untilRow = z.object({ locked_until: int })

/** Hits and lockouts older than this are pruned (longer than any default window or reset). */
const retentionMs = 7 * 24 * 60 * 60 * 1000

// Hits of key $1 that count at `now`: inside the window (after $2) and not from before its last
// lockout.
const countedHits = `FROM limit_hits WHERE key = $1 AND at > $2
  AND at >= COALESCE((SELECT locked_until FROM lockouts WHERE key = $1), 0)`

/**
 * Sliding-window counters and escalating lockouts on PostgreSQL (see {@link LimitStorage}).
 * SQLite serialises every write; here each take and lock of a key runs under that key's
 * advisory lock, so concurrent takes on any number of servers see each other's hits and never
 * exceed the limit.
 */
export function limitQueries(pool: Pool): { limits: LimitStorage } {
  return {
    limits: {
      async take(key, now, windowMs, limit) {
        const id = randomId()
        const since = now - windowMs
        return inTransaction(pool, async (client) => {
          await lockKey(client, 'limit', key)
          const inserted = await client.query(
            `INSERT INTO limit_hits (id, key, at) SELECT $3::text, $1::text, $4::bigint
             WHERE NOT EXISTS (SELECT 1 FROM lockouts WHERE key = $1 AND locked_until > $4)
             AND (SELECT COUNT(*) ${countedHits}) < $5`,
            [key, since, id, now, limit],
          )
          if (inserted.rowCount === 1) return { allowed: true as const, id }
          const lock = await client.query(
            'SELECT locked_until FROM lockouts WHERE key = $1 AND locked_until > $2',
            [key, now],
          )
          if (lock.rows[0])
            return { allowed: false as const, retryAt: untilRow.parse(lock.rows[0]).locked_until }
          // A slot frees when the limit-th newest counted hit leaves the window.
          const { rows } = await client.query(
            `SELECT at ${countedHits} ORDER BY at DESC LIMIT 1 OFFSET $3`,
            [key, since, Math.max(0, limit - 1)],
          )
          const at = rows[0] ? atRow.parse(rows[0]).at : now
          return { allowed: false as const, retryAt: Math.max(now + 1, at + windowMs) }
        })
      },
      async release(id) {
        await pool.query('DELETE FROM limit_hits WHERE id = $1', [id])
      },
      async lock(key, now, ladderMs, resetMs) {
        const first = ladderMs[0] ?? 60_000
        const ladder = ladderMs.length > 0 ? ladderMs : [first]
        return inTransaction(pool, async (client) => {
          await lockKey(client, 'limit', key)
          // Column values on the right of SET are the row's values before this statement; the
          // ladder is a 1-based array (SQLite's json_extract counts from 0).
          const { rows } = await client.query(
            `INSERT INTO lockouts (key, level, locked_until) VALUES ($1, 1, $2::bigint + $3::bigint)
             ON CONFLICT (key) DO UPDATE SET
               level = CASE
                 WHEN lockouts.locked_until > $2 THEN lockouts.level
                 WHEN lockouts.locked_until + $4 <= $2 THEN 1
                 ELSE lockouts.level + 1 END,
               locked_until = CASE
                 WHEN lockouts.locked_until > $2 THEN lockouts.locked_until
                 WHEN lockouts.locked_until + $4 <= $2 THEN $2::bigint + $3::bigint
                 ELSE $2::bigint + ($5::bigint[])[LEAST(lockouts.level, $6::integer) + 1] END
             RETURNING locked_until`,
            [key, now, first, resetMs, ladder, ladder.length - 1],
          )
          return untilRow.parse(rows[0]).locked_until
        })
      },
    },
  }
}

/** Prunes old hits and lockouts (run by `prune`). */
export async function pruneLimits(db: Queryable, now: number): Promise<void> {
  await db.query('DELETE FROM limit_hits WHERE at < $1', [now - retentionMs])
  await db.query('DELETE FROM lockouts WHERE locked_until < $1', [now - retentionMs])
}
