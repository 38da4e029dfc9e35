import { formatUnits } from 'viem'
import type { ChainTransferRecord } from '../storage/chainIndexTypes'
import type { ChainDataChain } from './chainDataOptions'

const zero = '0x0000000000000000000000000000000000000000'

/** One transfer of a transaction (SPEC §3), as seen from the account. */
export interface TransactionTransfer {
  /** `in` to the account, `out` from it, `self` both. */
  direction: 'in' | 'out' | 'self'
  /** Fungible (native or ERC-20): name, symbol, icon; absent for an NFT. */
  fungible_info?: { name: string; symbol: string; icon: { url: string | null } }
  /** ERC-721: collection name and token id; absent for a fungible transfer. */
  nft_info?: {
    name: string
    collection: string
    token_id: string
    content: { preview: { url: string | null } }
    flags: { is_spam: boolean }
  }
  quantity: { numeric: string }
  /** The moving token's CAIP-10; absent for native. */
  address?: string
  sender: string
  recipient: string
}

/** A transaction of the history (SPEC §3). */
export interface Transaction {
  id: string
  metadata: {
    operationType: 'send' | 'receive' | 'mint' | 'burn' | 'execute'
    hash: string
    status: 'confirmed'
    /** The first transfer's sender and recipient (the counterparties the account sees). */
    sentFrom: string
    sentTo: string
    /** ISO 8601. */
    minedAt: string
    /** CAIP-2. */
    chain: string
  }
  transfers: TransactionTransfer[]
}

function transferOf(
  record: ChainTransferRecord,
  account: `0x${string}`,
  settings: ChainDataChain,
): TransactionTransfer {
  const direction =
    record.from === account && record.to === account
      ? 'self'
      : record.from === account
        ? 'out'
        : 'in'
  const base = { direction, sender: record.from, recipient: record.to } as const
  const address = record.contract ? { address: `eip155:${record.chainId}:${record.contract}` } : {}
  if (record.kind === 'erc721') {
    const collection = settings.nfts.find((nft) => nft.address === record.contract)
    const name = collection?.name ?? 'NFT'
    return {
      ...base,
      ...address,
      nft_info: {
        name: `${name} #${record.tokenId}`,
        collection: name,
        token_id: record.tokenId ?? '0',
        content: { preview: { url: null } },
        flags: { is_spam: false },
      },
      quantity: { numeric: '1' },
    }
  }
  const token =
    record.kind === 'native'
      ? { ...settings.nativeCurrency, iconUrl: undefined }
      : settings.tokens.find((entry) => entry.address === record.contract)
  // A Transfer log of a listed collection that looked like ERC-20, or a delisted token.
  const info = token ?? { name: 'Unknown token', symbol: '?', decimals: 0, iconUrl: undefined }
  return {
    ...base,
    ...address,
    fungible_info: { name: info.name, symbol: info.symbol, icon: { url: info.iconUrl ?? null } },
    quantity: { numeric: formatUnits(BigInt(record.value), info.decimals) },
  }
}

function operationOf(
  transfers: readonly TransactionTransfer[],
): Transaction['metadata']['operationType'] {
  if (transfers.every((transfer) => transfer.sender === zero)) return 'mint'
  if (transfers.every((transfer) => transfer.recipient === zero)) return 'burn'
  if (transfers.every((transfer) => transfer.direction === 'in')) return 'receive'
  if (transfers.every((transfer) => transfer.direction !== 'in')) return 'send'
  return 'execute'
}

/** Groups an account's transfers (newest first) into transactions, keeping their order. */
export function toTransactions(
  records: readonly ChainTransferRecord[],
  account: `0x${string}`,
  settings: ChainDataChain,
): Transaction[] {
  const byHash = new Map<string, ChainTransferRecord[]>()
  for (const record of records)
    byHash.set(record.txHash, [...(byHash.get(record.txHash) ?? []), record])
  return [...byHash.entries()].map(([hash, group]) => {
    const transfers = group.map((record) => transferOf(record, account, settings))
    const first = group[0] as ChainTransferRecord
    return {
      id: hash,
      metadata: {
        operationType: operationOf(transfers),
        hash,
        status: 'confirmed',
        sentFrom: first.from,
        sentTo: first.to,
        minedAt: new Date(first.timestamp).toISOString(),
        chain: `eip155:${first.chainId}`,
      },
      transfers,
    }
  })
}
