import type { Pool } from 'pg'
import { z } from 'zod'
import { ownedRow, transferRow } from '../chainIndexRows'
import { int } from '../rows'
import type { Storage } from '../storage'
import { inTransaction } from './pgDatabase'

const end = Number.MAX_SAFE_INTEGER
// A transaction strictly before (block $4, index $5) in history order ($1 chain, $2 address);
// the index is compared as BIGINT (tx_index is INTEGER, the first page starts at 2^53 - 1).
const before = '(block_number < $4 OR (block_number = $4 AND tx_index < $5::bigint))'
const ofAddress = 'chain_id = $1 AND (from_address = $2 OR to_address = $2)'

/** The chain indexer's transfers and cursors on PostgreSQL. */
export function chainIndexQueries(pool: Pool): Pick<Storage, 'chainIndex'> {
  return {
    chainIndex: {
      async cursor(chainId) {
        const { rows } = await pool.query(
          'SELECT next_block FROM chain_index_cursors WHERE chain_id = $1',
          [chainId],
        )
        return rows[0] ? z.object({ next_block: int }).parse(rows[0]).next_block : undefined
      },
      async commit(chainId, nextBlock, transfers, at) {
        await inTransaction(pool, async (client) => {
          for (const transfer of transfers)
            await client.query(
              `INSERT INTO chain_transfers (chain_id, tx_hash, log_index, block_number, tx_index,
                 block_time, kind, contract, from_address, to_address, amount, token_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
               ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING`,
              [
                chainId,
                transfer.txHash,
                transfer.logIndex,
                transfer.blockNumber,
                transfer.txIndex,
                transfer.timestamp,
                transfer.kind,
                transfer.contract,
                transfer.from,
                transfer.to,
                transfer.value,
                transfer.tokenId,
              ],
            )
          // Never backwards: a slower indexer (another server) that read an older range cannot
          // rewind it.
          await client.query(
            `INSERT INTO chain_index_cursors (chain_id, next_block, updated_at) VALUES ($1, $2, $3)
             ON CONFLICT (chain_id) DO UPDATE SET
               next_block = GREATEST(excluded.next_block, chain_index_cursors.next_block),
               updated_at = excluded.updated_at`,
            [chainId, nextBlock, at],
          )
        })
      },
      async history(chainId, address, limit, start) {
        const [block, index] = start ? [start.blockNumber, start.txIndex] : [end, end]
        const page = await pool.query(
          `SELECT block_number, tx_index FROM chain_transfers WHERE ${ofAddress} AND ${before}
           GROUP BY block_number, tx_index ORDER BY block_number DESC, tx_index DESC LIMIT $3`,
          [chainId, address, limit, block, index],
        )
        const last = page.rows.at(-1)
        if (!last) return []
        const oldest = z.object({ block_number: int, tx_index: int }).parse(last)
        // Every transfer of the address in the page's transactions: from `before` back to the
        // page's oldest transaction, inclusive.
        const { rows } = await pool.query(
          `SELECT * FROM chain_transfers WHERE ${ofAddress}
           AND (block_number < $3 OR (block_number = $3 AND tx_index < $4::bigint))
           AND (block_number > $5 OR (block_number = $5 AND tx_index >= $6))
           ORDER BY block_number DESC, tx_index DESC, log_index ASC`,
          [chainId, address, block, index, oldest.block_number, oldest.tx_index],
        )
        return rows.map((row) => transferRow.parse(row))
      },
      async nftsOwned(chainId, address) {
        const { rows } = await pool.query(
          `SELECT t.contract, t.token_id, t.block_number FROM chain_transfers t
           WHERE t.chain_id = $1 AND t.kind = 'erc721' AND t.to_address = $2
           AND NOT EXISTS (SELECT 1 FROM chain_transfers u WHERE u.chain_id = t.chain_id
             AND u.kind = 'erc721' AND u.contract = t.contract AND u.token_id = t.token_id
             AND (u.block_number > t.block_number OR (u.block_number = t.block_number AND u.log_index > t.log_index)))
           ORDER BY t.block_number DESC, t.log_index DESC`,
          [chainId, address],
        )
        return rows.map((row) => ownedRow.parse(row))
      },
    },
  }
}
