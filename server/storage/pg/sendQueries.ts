import type { Pool } from 'pg'
import { sendRow } from '../rows'
import { numbered } from '../secretSql'
import {
  findSolanaSendSql,
  insertSolanaSendSql,
  setSolanaSendStatusSql,
  solanaSendArgs,
  solanaSendRow,
} from '../solanaSendSql'
import type { Storage } from '../storage'
import { selectOne } from './pgDatabase'

/** Signed transactions (hash before broadcast, then their outcome) on PostgreSQL. */
export function sendQueries(pool: Pool): Pick<Storage, 'sends' | 'solanaSends'> {
  return {
    sends: {
      async create(send) {
        await pool.query(
          `INSERT INTO chain_sends (hash, user_id, chain_id, address, nonce, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (hash) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`,
          [
            send.hash,
            send.userId,
            send.chainId,
            send.address,
            send.nonce,
            send.status,
            send.createdAt,
            send.updatedAt,
          ],
        )
      },
      async setStatus(hash, status, at) {
        await pool.query('UPDATE chain_sends SET status = $1, updated_at = $2 WHERE hash = $3', [
          status,
          at,
          hash,
        ])
      },
      async find(hash) {
        return selectOne(pool, sendRow, 'SELECT * FROM chain_sends WHERE hash = $1', [hash])
      },
    },
    solanaSends: {
      async create(send) {
        await pool.query(numbered(insertSolanaSendSql), solanaSendArgs(send))
      },
      async setStatus(signature, status, at) {
        await pool.query(numbered(setSolanaSendStatusSql), [status, at, signature])
      },
      find: (signature) => selectOne(pool, solanaSendRow, numbered(findSolanaSendSql), [signature]),
    },
  }
}
