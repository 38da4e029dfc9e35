import type { Pool } from 'pg'
import { callsRow } from '../rows'
import type { Storage } from '../storage'
import { pruneLimits } from './limitQueries'
import { inTransaction, selectOne } from './pgDatabase'

/** wallet_sendCalls batches and pruning on PostgreSQL. */
export function miscQueries(pool: Pool): Pick<Storage, 'calls' | 'prune'> {
  return {
    calls: {
      async create(calls) {
        await pool.query(
          'INSERT INTO calls (id, user_id, chain_id, hashes, failed, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [
            calls.id,
            calls.userId,
            calls.chainId,
            JSON.stringify(calls.hashes),
            calls.failed ? 1 : 0,
            calls.createdAt,
          ],
        )
      },
      async find(id, userId) {
        return selectOne(pool, callsRow, 'SELECT * FROM calls WHERE id = $1 AND user_id = $2', [
          id,
          userId,
        ])
      },
      async append(id, userId, previous, hash, failed) {
        const result = await pool.query(
          'UPDATE calls SET hashes = $1, failed = $2 WHERE id = $3 AND user_id = $4 AND hashes = $5',
          [
            JSON.stringify([...previous, hash]),
            failed ? 1 : 0,
            id,
            userId,
            JSON.stringify(previous),
          ],
        )
        return result.rowCount === 1
      },
    },
    async prune(now) {
      await inTransaction(pool, async (client) => {
        for (const table of [
          'sessions',
          'otps',
          'siwx_nonces',
          'siwx_sessions',
          'social_flows',
          'webauthn_challenges',
          'factor_proofs',
        ])
          await client.query(`DELETE FROM ${table} WHERE expires_at <= $1`, [now])
        await pruneLimits(client, now)
      })
    },
  }
}
