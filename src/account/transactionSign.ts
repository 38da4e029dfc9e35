import type { Transaction } from '../schemas/accountData'

const plus = new Set(['receive', 'deposit', 'borrow', 'claim', 'mint'])
const minus = new Set(['withdraw', 'repay', 'burn', 'send'])

/**
 * The sign shown before a transaction's amount (SPEC §4 "Transaction amount signs"): receive,
 * deposit, borrow and claim (and a mint) get '+', withdraw, repay and burn (and a send) get '-';
 * any other operation takes the direction of its first transfer ('' for a transfer to oneself).
 */
export function transactionSign(tx: Transaction): '+' | '-' | '' {
  const operation = tx.metadata.operationType
  if (plus.has(operation)) return '+'
  if (minus.has(operation)) return '-'
  const direction = tx.transfers[0]?.direction
  return direction === 'in' ? '+' : direction === 'out' ? '-' : ''
}
