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
  // the visitor's own zone: Date's local fields; another zone: one formatter for every row
  // (making one costs far more than using it)
  const numeric =
    timeZone === undefined
      ? undefined
      : new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', timeZone })
  const parts = (time: number) => {
    if (!numeric) {
      const date = new Date(time)
      return { year: date.getFullYear(), month: date.getMonth() }
    }
    const values = numeric.formatToParts(time)
    const read = (type: string) => Number(values.find((part) => part.type === type)?.value)
    return { year: read('year'), month: read('month') - 1 }
  }
  const currentYear = parts(now).year
  const seen = new Set<string>()
  const kept: { tx: Transaction; time: number }[] = []
  for (const tx of transactions) {
    if (tx.metadata.chain !== chain || isSpamOnly(tx) || seen.has(tx.id)) continue
    const time = Date.parse(tx.metadata.minedAt)
    if (Number.isNaN(time)) continue
    seen.add(tx.id)
    kept.push({ tx, time })
  }
  kept.sort((a, b) => b.time - a.time)
  const groups: TransactionGroup[] = []
  for (const { tx, time } of kept) {
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
