import type { Client } from '@libsql/client'
import { z } from 'zod'
import type { Storage } from '../types'
import { callsRow } from './rows'

/** Counters older than this are pruned (longer than any rate-limit window). */
const counterRetentionMs = 24 * 60 * 60 * 1000

/** wallet_sendCalls batches, rate-limit counters and pruning on libsql. */
export function miscQueries(client: Client): Pick<Storage, 'calls' | 'rateLimits' | 'prune'> {
  return {
    calls: {
      async create(calls) {
        await client.execute({
          sql: 'INSERT INTO calls (id, user_id, chain_id, hashes, failed, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          args: [
            calls.id,
            calls.userId,
            calls.chainId,
            JSON.stringify(calls.hashes),
            calls.failed ? 1 : 0,
            calls.createdAt,
          ],
        })
      },
      async find(id, userId) {
        const { rows } = await client.execute({
          sql: 'SELECT * FROM calls WHERE id = ? AND user_id = ?',
          args: [id, userId],
        })
        return rows[0] ? callsRow.parse(rows[0]) : undefined
      },
    },
    rateLimits: {
      async hit(key, windowStart) {
        const { rows } = await client.execute({
          sql: `INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)
                ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
                RETURNING count`,
          args: [key, windowStart],
        })
        return z.object({ count: z.coerce.number() }).parse(rows[0]).count
      },
    },
    async prune(now) {
      await client.batch(
        [
          { sql: 'DELETE FROM sessions WHERE expires_at <= ?', args: [now] },
          { sql: 'DELETE FROM otps WHERE expires_at <= ?', args: [now] },
          { sql: 'DELETE FROM siwx_nonces WHERE expires_at <= ?', args: [now] },
          { sql: 'DELETE FROM siwx_sessions WHERE expires_at <= ?', args: [now] },
          {
            sql: 'DELETE FROM rate_limits WHERE window_start < ?',
            args: [now - counterRetentionMs],
          },
        ],
        'write',
      )
    },
  }
}
