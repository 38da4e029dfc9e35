import type { Client, InStatement } from '@libsql/client'
import { z } from 'zod'
import { ownedRow, transferRow } from '../chainIndexRows'
import { int } from '../rows'
import type { Storage } from '../storage'

const end = Number.MAX_SAFE_INTEGER
// A transaction strictly before (block, index) in history order.
const before = '(block_number < ? OR (block_number = ? AND tx_index < ?))'

/** The chain indexer's transfers and cursors on libsql. */
export function chainIndexQueries(client: Client): Pick<Storage, 'chainIndex'> {
  return {
    chainIndex: {
      async cursor(chainId) {
        const { rows } = await client.execute({
          sql: 'SELECT next_block FROM chain_index_cursors WHERE chain_id = ?',
          args: [chainId],
        })
        return rows[0] ? z.object({ next_block: int }).parse(rows[0]).next_block : undefined
      },
      async commit(chainId, nextBlock, transfers, at) {
        const statements: InStatement[] = transfers.map((transfer) => ({
          sql: 'INSERT INTO chain_transfers (chain_id, tx_hash, log_index, block_number, tx_index, block_time, kind, contract, from_address, to_address, amount, token_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING',
          args: [
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
        }))
        statements.push({
          // Never backwards: a slower indexer that read an older range cannot rewind it.
          sql: 'INSERT INTO chain_index_cursors (chain_id, next_block, updated_at) VALUES (?, ?, ?) ON CONFLICT (chain_id) DO UPDATE SET next_block = CASE WHEN excluded.next_block > chain_index_cursors.next_block THEN excluded.next_block ELSE chain_index_cursors.next_block END, updated_at = excluded.updated_at',
          args: [chainId, nextBlock, at],
        })
        await client.batch(statements, 'write')
      },
      async history(chainId, address, limit, start) {
        const [block, index] = start ? [start.blockNumber, start.txIndex] : [end, end]
        const page = await client.execute({
          sql: `SELECT block_number, tx_index FROM chain_transfers WHERE chain_id = ? AND (from_address = ? OR to_address = ?) AND ${before} GROUP BY block_number, tx_index ORDER BY block_number DESC, tx_index DESC LIMIT ?`,
          args: [chainId, address, address, block, block, index, limit],
        })
        const last = page.rows.at(-1)
        if (!last) return []
        const oldest = z.object({ block_number: int, tx_index: int }).parse(last)
        // Every transfer of the address in the page's transactions: from `before` back to the
        // page's oldest transaction, inclusive.
        const { rows } = await client.execute({
          sql: `SELECT * FROM chain_transfers WHERE chain_id = ? AND (from_address = ? OR to_address = ?) AND ${before} AND (block_number > ? OR (block_number = ? AND tx_index >= ?)) ORDER BY block_number DESC, tx_index DESC, log_index ASC`,
          args: [
            chainId,
            address,
            address,
            block,
            block,
            index,
            oldest.block_number,
            oldest.block_number,
            oldest.tx_index,
          ],
        })
        return rows.map((row) => transferRow.parse(row))
      },
      async nftsOwned(chainId, address) {
        const { rows } = await client.execute({
          sql: `SELECT t.contract, t.token_id, t.block_number FROM chain_transfers t
            WHERE t.chain_id = ? AND t.kind = 'erc721' AND t.to_address = ?
            AND NOT EXISTS (SELECT 1 FROM chain_transfers u WHERE u.chain_id = t.chain_id
              AND u.kind = 'erc721' AND u.contract = t.contract AND u.token_id = t.token_id
              AND (u.block_number > t.block_number OR (u.block_number = t.block_number AND u.log_index > t.log_index)))
            ORDER BY t.block_number DESC, t.log_index DESC`,
          args: [chainId, address],
        })
        return rows.map((row) => ownedRow.parse(row))
      },
    },
  }
}
