import type { Client, InStatement } from '@libsql/client'
import { z } from 'zod'
import { randomId } from '../../crypto/random'
import { int } from '../rows'
import type { LimitStorage } from '../storage'

const atRow = z.object({ at: int })
const untilRow = z.object({ locked_until: int })

/** Hits and lockouts older than this are pruned (longer than any default window or reset). */
const retentionMs = 7 * 24 * 60 * 60 * 1000

// Hits of a key that count at `now`: inside the window and not from before its last lockout.
const countedHits = `FROM limit_hits WHERE key = :key AND at > :since
  AND at >= COALESCE((SELECT locked_until FROM lockouts WHERE key = :key), 0)`

/** Sliding-window counters and escalating lockouts on libsql (see {@link LimitStorage}). */
export function limitQueries(client: Client): { limits: LimitStorage } {
  return {
    limits: {
      async take(key, now, windowMs, limit) {
        const id = randomId()
        const since = now - windowMs
        // One statement: SQLite runs it under the write lock, so parallel takes see each other.
        const inserted = await client.execute({
          sql: `INSERT INTO limit_hits (id, key, at) SELECT :id, :key, :now
                WHERE NOT EXISTS (SELECT 1 FROM lockouts WHERE key = :key AND locked_until > :now)
                AND (SELECT COUNT(*) ${countedHits}) < :limit`,
          args: { id, key, now, since, limit },
        })
        if (inserted.rowsAffected === 1) return { allowed: true, id }
        const lock = await client.execute({
          sql: 'SELECT locked_until FROM lockouts WHERE key = :key AND locked_until > :now',
          args: { key, now },
        })
        if (lock.rows[0])
          return { allowed: false, retryAt: untilRow.parse(lock.rows[0]).locked_until }
        // A slot frees when the limit-th newest counted hit leaves the window.
        const { rows } = await client.execute({
          sql: `SELECT at ${countedHits} ORDER BY at DESC LIMIT 1 OFFSET :offset`,
          args: { key, since, offset: Math.max(0, limit - 1) },
        })
        const at = rows[0] ? atRow.parse(rows[0]).at : now
        return { allowed: false, retryAt: Math.max(now + 1, at + windowMs) }
      },
      async release(id) {
        await client.execute({ sql: 'DELETE FROM limit_hits WHERE id = ?', args: [id] })
      },
      async lock(key, now, ladderMs, resetMs) {
        const first = ladderMs[0] ?? 60_000
        // Column values on the right of SET are the row's values before this statement.
        const { rows } = await client.execute({
          sql: `INSERT INTO lockouts (key, level, locked_until) VALUES (:key, 1, :now + :first)
                ON CONFLICT (key) DO UPDATE SET
                  level = CASE
                    WHEN lockouts.locked_until > :now THEN lockouts.level
                    WHEN lockouts.locked_until + :reset <= :now THEN 1
                    ELSE lockouts.level + 1 END,
                  locked_until = CASE
                    WHEN lockouts.locked_until > :now THEN lockouts.locked_until
                    WHEN lockouts.locked_until + :reset <= :now THEN :now + :first
                    ELSE :now + json_extract(:ladder, '$[' || CAST(MIN(lockouts.level, :last) AS INTEGER) || ']') END
                RETURNING locked_until`,
          args: {
            key,
            now,
            first,
            reset: resetMs,
            ladder: JSON.stringify(ladderMs.length > 0 ? ladderMs : [first]),
            last: Math.max(0, ladderMs.length - 1),
          },
        })
        return untilRow.parse(rows[0]).locked_until
      },
    },
  }
}

/** Statements that prune old hits and lockouts (run by `prune`). */
export function pruneLimitStatements(now: number): InStatement[] {
  return [
    { sql: 'DELETE FROM limit_hits WHERE at < ?', args: [now - retentionMs] },
    { sql: 'DELETE FROM lockouts WHERE locked_until < ?', args: [now - retentionMs] },
  ]
}
