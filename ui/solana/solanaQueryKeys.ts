/** Prefix of every query and mutation key of the Solana hooks (invalidate it to read all again). */
export const solanaQueryKey = ['latchkey', 'solana'] as const

/** Prefix of the balance queries, which a send refreshes. */
export const solanaBalanceKey = [...solanaQueryKey, 'balance'] as const
