import type { Client } from '@libsql/client'
import { sendRow } from '../rows'
import {
  findSolanaSendSql,
  insertSolanaSendSql,
  setSolanaSendStatusSql,
  solanaSendArgs,
  solanaSendRow,
} from '../solanaSendSql'
import type { Storage } from '../storage'
import { selectOne } from './selectOne'

/** Signed transactions (hash before broadcast, then their outcome) on libsql. */
export function sendQueries(client: Client): Pick<Storage, 'sends' | 'solanaSends'> {
  return {
    sends: {
      async create(send) {
        await client.execute({
          sql: 'INSERT INTO chain_sends (hash, user_id, chain_id, address, nonce, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (hash) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at',
          args: [
            send.hash,
            send.userId,
            send.chainId,
            send.address,
            send.nonce,
            send.status,
            send.createdAt,
            send.updatedAt,
          ],
        })
      },
      async setStatus(hash, status, at) {
        await client.execute({
          sql: 'UPDATE chain_sends SET status = ?, updated_at = ? WHERE hash = ?',
          args: [status, at, hash],
        })
      },
      async find(hash) {
        return selectOne(client, sendRow, 'SELECT * FROM chain_sends WHERE hash = ?', [hash])
      },
    },
    solanaSends: {
      async create(send) {
        await client.execute({ sql: insertSolanaSendSql, args: solanaSendArgs(send) })
      },
      async setStatus(signature, status, at) {
        await client.execute({ sql: setSolanaSendStatusSql, args: [status, at, signature] })
      },
      find: (signature) => selectOne(client, solanaSendRow, findSolanaSendSql, [signature]),
    },
  }
}
