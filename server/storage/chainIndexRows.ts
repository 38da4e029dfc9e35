import { z } from 'zod'
import type { ChainTransferRecord, OwnedNftRecord } from './chainIndexTypes'
import { int } from './rows'

// Rows read back are a trust boundary too (STYLE.md §8): parse, don't cast.
const hex = z.string().regex(/^0x[0-9a-f]*$/) as unknown as z.ZodType<`0x${string}`>
const decimal = z.string().regex(/^\d+$/)

/** A `chain_transfers` row. */
export const transferRow = z
  .object({
    chain_id: int,
    tx_hash: hex,
    log_index: int,
    block_number: int,
    tx_index: int,
    block_time: int,
    kind: z.enum(['native', 'erc20', 'erc721']),
    contract: hex.nullable(),
    from_address: hex,
    to_address: hex,
    amount: decimal,
    token_id: decimal.nullable(),
  })
  .transform(
    (row): ChainTransferRecord => ({
      chainId: row.chain_id,
      txHash: row.tx_hash,
      logIndex: row.log_index,
      blockNumber: row.block_number,
      txIndex: row.tx_index,
      timestamp: row.block_time,
      kind: row.kind,
      contract: row.contract,
      from: row.from_address,
      to: row.to_address,
      value: row.amount,
      tokenId: row.token_id,
    }),
  )

/** An ERC-721 token an address holds, from `nftsOwned`. */
export const ownedRow = z.object({ contract: hex, token_id: decimal, block_number: int }).transform(
  (row): OwnedNftRecord => ({
    contract: row.contract,
    tokenId: row.token_id,
    blockNumber: row.block_number,
  }),
)
