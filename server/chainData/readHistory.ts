import type { ServerContext } from '../context'
import { chainSettings } from './chainSettings'
import { decodeHistoryCursor, encodeHistoryCursor } from './historyCursor'
import { readTokenMetadata } from './readTokenMetadata'
import { syncChainIndex } from './syncChainIndex'
import { type Transaction, toTransactions } from './toTransactions'

/** A page of history (SPEC §7 "Transactions fetch": data and next). */
export interface HistoryAnswer {
  data: Transaction[]
  /** The cursor of the next page; null on the last one. */
  next: string | null
  /** Every block below this one is indexed (newer transfers are not in the answer yet). */
  indexedBlock: number
}

/** Fills the NFT transfers' `content.preview.url` with their metadata's image, when known. */
async function addNftPreviews(
  context: ServerContext,
  chainId: number,
  transactions: readonly Transaction[],
): Promise<void> {
  const nfts = transactions.flatMap((tx) => tx.transfers.filter((transfer) => transfer.nft_info))
  const metadata = await readTokenMetadata(
    context,
    chainId,
    nfts.map((transfer) => ({
      contract: (transfer.address ?? '').split(':')[2] as `0x${string}`,
      tokenId: transfer.nft_info?.token_id ?? '0',
    })),
  )
  nfts.forEach((transfer, index) => {
    const image = metadata[index]?.metadata?.image
    if (transfer.nft_info && image) transfer.nft_info.content.preview.url = image
  })
}

/**
 * An account's transactions on a chain, newest first, from the index, `limit` transactions per
 * page. The request brings the index up to the safe head first, within its budget
 * (`syncChainIndex`): little to do when the background indexer (`createChainIndexer`) keeps up.
 */
export async function readHistory(
  context: ServerContext,
  parameters: {
    chainId: number
    address: `0x${string}`
    cursor?: string | undefined
    limit?: number | undefined
  },
): Promise<HistoryAnswer> {
  const { settings } = chainSettings(context, parameters.chainId)
  const before = parameters.cursor ? decodeHistoryCursor(parameters.cursor) : undefined
  const limit = parameters.limit ?? context.options.chainData.pageSize
  // With the background indexer keeping up, this only asks the head and reads the few blocks
  // since its last run; a stale answer (a transfer just sent missing) is never given.
  const state = await syncChainIndex(context, parameters.chainId)
  // One more than a page tells whether another page follows.
  const records = await context.storage.chainIndex.history(
    parameters.chainId,
    parameters.address,
    limit + 1,
    before,
  )
  const transactions = toTransactions(records, parameters.address, settings)
  const data = transactions.slice(0, limit)
  await addNftPreviews(context, parameters.chainId, data)
  const lastHash = data.at(-1)?.id
  const last = records.find((record) => record.txHash === lastHash)
  return {
    data,
    next:
      transactions.length > limit && last
        ? encodeHistoryCursor({ blockNumber: last.blockNumber, txIndex: last.txIndex })
        : null,
    indexedBlock: state.nextBlock,
  }
}
