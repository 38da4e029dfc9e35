import { z } from 'zod'
import { int } from './rows'
import type { SolanaSendRecord } from './types'

// Solana sends (`solana_sends`, migration 15): the statements for both databases (`?`
// placeholders; pg numbers them with `numbered`) and the row parser.

/** Args: signature, user id, cluster, address, status, created at, updated at. */
export const insertSolanaSendSql = `INSERT INTO solana_sends (signature, user_id, cluster, address, status, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (signature) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at`

/** Args: status, updated at, signature. */
export const setSolanaSendStatusSql =
  'UPDATE solana_sends SET status = ?, updated_at = ? WHERE signature = ?'

/** Args: signature. */
export const findSolanaSendSql = 'SELECT * FROM solana_sends WHERE signature = ?'

/** The args of {@link insertSolanaSendSql} for a record. */
export const solanaSendArgs = (send: SolanaSendRecord) => [
  send.signature,
  send.userId,
  send.cluster,
  send.address,
  send.status,
  send.createdAt,
  send.updatedAt,
]

/** A `solana_sends` row. */
export const solanaSendRow = z
  .object({
    signature: z.string(),
    user_id: z.string(),
    cluster: z.string(),
    address: z.string(),
    status: z.enum(['sending', 'sent', 'failed', 'uncertain']),
    created_at: int,
    updated_at: int,
  })
  .transform(
    (row): SolanaSendRecord => ({
      signature: row.signature,
      userId: row.user_id,
      cluster: row.cluster,
      address: row.address,
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }),
  )
