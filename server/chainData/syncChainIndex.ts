import { numberToHex } from 'viem'
import type { ServerContext } from '../context'
import { toChainError } from '../rpc/forward'
import type { ChainTransferRecord } from '../storage/chainIndexTypes'
import type { ChainIndexState } from './chainIndexerTypes'
import { chainSettings } from './chainSettings'

export type { ChainIndexState } from './chainIndexerTypes'

import { decodeTransferLog, type RpcLog, transferTopic } from './decodeTransferLog'

/** A transaction as `eth_getBlockByNumber` answers it with full transactions. */
interface RpcTransaction {
  hash: string
  from: string
  to: string | null
  value: string
  transactionIndex: string
}

/** A block as `eth_getBlockByNumber` answers it. */
interface RpcBlock {
  number: string
  timestamp: string
  transactions: (RpcTransaction | string)[]
}

/**
 * Indexes a chain's transfers up to its safe head (at most `maxBlocksPerSync` blocks and about
 * `syncBudgetMs` per call), one range at a time (`logRange` blocks; with native transfers, about
 * half the request burst): each range's transfers and the cursor after it are stored in one
 * transaction, so a restart resumes at the first range not stored and a range read twice is
 * stored once. Native transfers are transactions with a value whose receipt succeeded; token
 * transfers are the Transfer logs of the chain's tokens and collections. Calls for one chain
 * run one after another (`context.serialize`).
 */
export function syncChainIndex(context: ServerContext, chainId: number): Promise<ChainIndexState> {
  const { chain, settings } = chainSettings(context, chainId)
  const { confirmations, maxBlocksPerSync, logRange, syncBudgetMs } = context.options.chainData
  const contracts = [...settings.tokens, ...settings.nfts].map((entry) => entry.address)
  const request = async <T>(method: string, params: unknown[]): Promise<T> => {
    try {
      return (await chain.transport.request(method, params)) as T
    } catch (error) {
      throw toChainError(error)
    }
  }

  async function readRange(from: number, to: number): Promise<ChainTransferRecord[]> {
    const logs = contracts.length
      ? await request<RpcLog[]>('eth_getLogs', [
          {
            address: contracts,
            topics: [transferTopic],
            fromBlock: numberToHex(from),
            toBlock: numberToHex(to),
          },
        ])
      : []
    const blockNumbers = settings.nativeTransfers
      ? Array.from({ length: to - from + 1 }, (_, index) => from + index)
      : [...new Set(logs.map((log) => Number(log.blockNumber)))]
    const blocks = await Promise.all(
      blockNumbers.map((number) =>
        request<RpcBlock | null>('eth_getBlockByNumber', [
          numberToHex(number),
          settings.nativeTransfers,
        ]),
      ),
    )
    const timeOf = new Map<number, number>()
    const transfers: ChainTransferRecord[] = []
    for (const block of blocks) {
      if (!block) throw toChainError(new Error('The node does not have a block below its head.'))
      const number = Number(block.number)
      const timestamp = Number(block.timestamp) * 1000
      timeOf.set(number, timestamp)
      if (!settings.nativeTransfers) continue
      const withValue = block.transactions.filter(
        (tx): tx is RpcTransaction => typeof tx === 'object' && BigInt(tx.value) > 0n,
      )
      const receipts = await Promise.all(
        withValue.map((tx) =>
          request<{ status: string; contractAddress: string | null }>('eth_getTransactionReceipt', [
            tx.hash,
          ]),
        ),
      )
      withValue.forEach((tx, index) => {
        const receipt = receipts[index]
        // A reverted transaction moved no value.
        if (receipt?.status !== '0x1') return
        const to = tx.to ?? receipt.contractAddress
        if (!to) return
        transfers.push({
          chainId,
          txHash: tx.hash.toLowerCase() as `0x${string}`,
          logIndex: -1,
          blockNumber: number,
          txIndex: Number(tx.transactionIndex),
          timestamp,
          kind: 'native',
          contract: null,
          from: tx.from.toLowerCase() as `0x${string}`,
          to: to.toLowerCase() as `0x${string}`,
          value: BigInt(tx.value).toString(),
          tokenId: null,
        })
      })
    }
    for (const log of logs) {
      const transfer = decodeTransferLog(chainId, log, timeOf.get(Number(log.blockNumber)) ?? 0)
      if (transfer) transfers.push(transfer)
    }
    return transfers
  }

  return context.serialize(`chain-index:${chainId}`, async () => {
    const head = Number(BigInt(await request<string>('eth_blockNumber', [])))
    const safeHead = head - confirmations
    let next = await context.storage.chainIndex.cursor(chainId)
    if (next === undefined) {
      // First run: from `startBlock`, or from the safe head (history before it is not read).
      next = settings.startBlock ?? Math.max(0, safeHead)
      await context.storage.chainIndex.commit(chainId, next, [], context.now())
    }
    const last = Math.min(safeHead, next + maxBlocksPerSync - 1)
    // Reading whole blocks costs a request each (plus receipts): ranges small enough to stay
    // inside the chain's request budget, so every range can finish and be stored.
    const step = settings.nativeTransfers
      ? Math.min(logRange, Math.max(1, Math.floor(context.options.rpc.burst / 2)))
      : logRange
    const started = performance.now()
    while (next <= last && performance.now() - started < syncBudgetMs) {
      const to = Math.min(last, next + step - 1)
      const transfers = await readRange(next, to)
      await context.storage.chainIndex.commit(chainId, to + 1, transfers, context.now())
      next = to + 1
    }
    return { nextBlock: next, safeHead }
  })
}
