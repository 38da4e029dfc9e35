import * as z from 'zod/mini'
import { type Transaction, transactionSchema } from '../schemas/accountData'
import type { StorageLike } from '../storage/createValidatedStorage'

/** A transaction the modal sent, as {@link LocalActivity.record} takes it. */
export interface SentTransaction {
  hash: `0x${string}`
  chainId: number
  from: string
  to: string
  /** Whole units, e.g. '0.5'. */
  amount: string
  symbol: string
  /** The token contract; absent for the native currency. */
  token?: string | undefined
  /** @default 'pending' */
  status?: 'pending' | 'confirmed' | 'failed' | undefined
  /** @default now */
  sentAt?: number | undefined
  /** `'trade'`: a swap, which also brought in `received`. @default 'send' */
  operationType?: 'send' | 'trade' | undefined
  /** What a swap brought in: whole units, its symbol and contract (none: the native currency). */
  received?: { amount: string; symbol: string; token?: string | undefined } | undefined
}

/** The transactions sent from the modal: the activity list when there is no data server. */
export interface LocalActivity {
  /** Adds a transaction, or updates the one with the same hash (e.g. pending → confirmed). */
  record(sent: SentTransaction): void
  /** The account's transactions on a chain, newest first. */
  list(address: string, chainId: number): Transaction[]
}

/** At most this many transactions are kept (oldest dropped first). */
export const maxLocalTransactions = 200

const storedSchema = z.array(transactionSchema)

/**
 * Makes a {@link LocalActivity}, kept in memory and, when `storage` is given (the host's
 * sessionStorage), in `key` there so a reload keeps it; a stored value that is not a list of
 * transactions is dropped. Storage failures are swallowed (SPEC §8).
 */
export function createLocalActivity({
  storage,
  key = 'latchkey.activity',
  now = Date.now,
}: {
  storage?: StorageLike | undefined
  key?: string | undefined
  now?: () => number
} = {}): LocalActivity {
  let items: Transaction[] = load()

  function load(): Transaction[] {
    try {
      const raw = storage?.getItem(key)
      if (!raw) return []
      const parsed = storedSchema.safeParse(JSON.parse(raw))
      if (parsed.success) return parsed.data
      storage?.removeItem(key)
    } catch {}
    return []
  }

  function save() {
    try {
      storage?.setItem(key, JSON.stringify(items))
    } catch {}
  }

  return {
    record(sent) {
      const from = sent.from.toLowerCase()
      const to = sent.to.toLowerCase()
      const chain = `eip155:${sent.chainId}`
      const existing = items.find((tx) => tx.id === sent.hash)
      const tx: Transaction = {
        id: sent.hash,
        metadata: {
          operationType: sent.operationType ?? 'send',
          hash: sent.hash,
          status: sent.status ?? 'pending',
          sentFrom: from,
          sentTo: to,
          minedAt: existing?.metadata.minedAt ?? new Date(sent.sentAt ?? now()).toISOString(),
          chain,
        },
        transfers: [
          {
            direction: from === to ? 'self' : 'out',
            sender: from,
            recipient: to,
            ...(sent.token && { address: `${chain}:${sent.token.toLowerCase()}` }),
            quantity: { numeric: sent.amount },
            fungible_info: { symbol: sent.symbol, icon: { url: null } },
          },
          ...(sent.received
            ? [
                {
                  direction: 'in' as const,
                  sender: to,
                  recipient: from,
                  ...(sent.received.token && {
                    address: `${chain}:${sent.received.token.toLowerCase()}`,
                  }),
                  quantity: { numeric: sent.received.amount },
                  fungible_info: { symbol: sent.received.symbol, icon: { url: null } },
                },
              ]
            : []),
        ],
      }
      items = [tx, ...items.filter((item) => item.id !== sent.hash)]
        .sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
        .slice(0, maxLocalTransactions)
      save()
    },
    list(address, chainId) {
      const account = address.toLowerCase()
      const chain = `eip155:${chainId}`
      return items.filter(
        (tx) =>
          tx.metadata.chain === chain &&
          (tx.metadata.sentFrom === account || tx.metadata.sentTo === account),
      )
    },
  }
}
