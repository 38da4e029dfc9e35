import type { Transaction } from '../schemas/accountData'

/** One month of activity. */
export interface TransactionGroup {
  year: number
  /** 0–11. */
  month: number
  /** The month's name, with the year when it is not the current one: 'March', 'March 2024'. */
  title: string
  /** Newest first. */
  transactions: Transaction[]
}

/** Whether every transfer of a transaction is an NFT flagged as spam (SPEC §5: such are dropped). */
export function isSpamOnly(tx: Transaction): boolean {
  return (
    tx.transfers.length > 0 && tx.transfers.every((transfer) => transfer.nft_info?.flags?.is_spam)
  )
}

/**
 * Activity grouped by year and month, newest first (SPEC §5 "Transaction history"): only the
 * connected chain (`chain`, CAIP-2), spam-only transactions dropped, a transaction listed once even
 * if two pages carried it. Months are read in the visitor's time zone (`timeZone` for tests).
 */
export function groupTransactions(
  transactions: readonly Transaction[],
  {
    chain,
    now = Date.now(),
    locale = 'en-US',
    timeZone,
  }: { chain: string; now?: number; locale?: string; timeZone?: string | undefined },
): TransactionGroup[] {
  const parts = (time: number) => {
    const values = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      ...(timeZone && { timeZone }),
    }).formatToParts(time)
    const read = (type: string) => Number(values.find((part) => part.type === type)?.value)
    return { year: read('year'), month: read('month') - 1 }
  }
  const currentYear = parts(now).year
  const seen = new Set<string>()
  const kept = transactions
    .filter((tx) => {
      if (tx.metadata.chain !== chain || isSpamOnly(tx) || seen.has(tx.id)) return false
      if (Number.isNaN(Date.parse(tx.metadata.minedAt))) return false
      seen.add(tx.id)
      return true
    })
    .sort((a, b) => Date.parse(b.metadata.minedAt) - Date.parse(a.metadata.minedAt))
  const groups: TransactionGroup[] = []
  for (const tx of kept) {
    const time = Date.parse(tx.metadata.minedAt)
    const { year, month } = parts(time)
    const last = groups.at(-1)
    if (last && last.year === year && last.month === month) {
      last.transactions.push(tx)
      continue
    }
    const title = new Intl.DateTimeFormat(locale, {
      month: 'long',
      ...(year !== currentYear && { year: 'numeric' }),
      ...(timeZone && { timeZone }),
    }).format(time)
    groups.push({ year, month, title, transactions: [tx] })
  }
  return groups
}
