// Records of the chain indexer (server/chainData), kept apart from the other storage records.

/** What moved in an indexed transfer: the chain's own coin, an ERC-20 or an ERC-721. */
export type TransferKind = 'native' | 'erc20' | 'erc721'

/** One transfer found by the chain indexer (a transaction's value, or one Transfer log). */
export interface ChainTransferRecord {
  chainId: number
  txHash: `0x${string}`
  /** The log's index in its block; -1 for the transaction's own native value. */
  logIndex: number
  blockNumber: number
  /** The transaction's index in its block (history order). */
  txIndex: number
  /** Block time in ms since epoch. */
  timestamp: number
  kind: TransferKind
  /** The token contract (lower case); null for native. */
  contract: `0x${string}` | null
  /** Lower case. */
  from: `0x${string}`
  /** Lower case. */
  to: `0x${string}`
  /** Amount in base units as a decimal string ('1' for an ERC-721). */
  value: string
  /** The ERC-721 token id as a decimal string; null otherwise. */
  tokenId: string | null
}

/** Where a history page starts: strictly before this transaction. */
export interface HistoryPosition {
  blockNumber: number
  txIndex: number
}

/** An ERC-721 token whose last indexed transfer went to the owner. */
export interface OwnedNftRecord {
  contract: `0x${string}`
  tokenId: string
  blockNumber: number
}
