import type { Client } from '@libsql/client'
import { pruneFactorProofsSql } from '../factorStorage'
import { callsRow } from '../rows'
import type { Storage } from '../storage'
import { pruneLimitStatements } from './limitQueries'
import { selectOne } from './selectOne'

/** wallet_sendCalls batches and pruning on libsql. */
export function miscQueries(client: Client): Pick<Storage, 'calls' | 'prune'> {
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
        return selectOne(client, callsRow, 'SELECT * FROM calls WHERE id = ? AND user_id = ?', [
          id,
          userId,
        ])
      },
      async append(id, userId, previous, hash, failed) {
        const result = await client.execute({
          sql: 'UPDATE calls SET hashes = ?, failed = ? WHERE id = ? AND user_id = ? AND hashes = ?',
          args: [
            JSON.stringify([...previous, hash]),
            failed ? 1 : 0,
            id,
            userId,
            JSON.stringify(previous),
          ],
        })
        return result.rowsAffected === 1
      },
    },
    async prune(now) {
      await client.batch(
        [
          { sql: 'DELETE FROM sessions WHERE expires_at <= ?', args: [now] },
          { sql: 'DELETE FROM otps WHERE expires_at <= ?', args: [now] },
          { sql: 'DELETE FROM siwx_nonces WHERE expires_at <= ?', args: [now] },
          { sql: 'DELETE FROM siwx_sessions WHERE expires_at <= ?', args: [now] },
          { sql: 'DELETE FROM social_flows WHERE expires_at <= ?', args: [now] },
          { sql: 'DELETE FROM webauthn_challenges WHERE expires_at <= ?', args: [now] },
          { sql: pruneFactorProofsSql, args: [now] },
          ...pruneLimitStatements(now),
        ],
        'write',
      )
    },
  }
}
