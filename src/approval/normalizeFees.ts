import { has, readQuantity, refuse } from './fields'
import type { CanonicalFees } from './types'

/** Fee fields: legacy `gasPrice` or EIP-1559 fees, never both; a tip above the max fee is refused. */
export function normalizeFees(record: Record<string, unknown>, path: string): CanonicalFees {
  const fees: CanonicalFees = {}
  if (has(record, 'gasPrice')) {
    if (has(record, 'maxFeePerGas') || has(record, 'maxPriorityFeePerGas'))
      refuse(`${path} sets both gasPrice and EIP-1559 fees.`)
    fees.gasPrice = readQuantity(record.gasPrice, `${path} gasPrice`)
    return fees
  }
  if (has(record, 'maxFeePerGas'))
    fees.maxFeePerGas = readQuantity(record.maxFeePerGas, `${path} maxFeePerGas`)
  if (has(record, 'maxPriorityFeePerGas'))
    fees.maxPriorityFeePerGas = readQuantity(
      record.maxPriorityFeePerGas,
      `${path} maxPriorityFeePerGas`,
    )
  if (
    fees.maxFeePerGas !== undefined &&
    fees.maxPriorityFeePerGas !== undefined &&
    BigInt(fees.maxPriorityFeePerGas) > BigInt(fees.maxFeePerGas)
  )
    refuse(`${path} maxPriorityFeePerGas is above maxFeePerGas.`)
  return fees
}

/** Checks an optional `type` field against the fees it comes with (0x0/0x1 legacy, 0x2 EIP-1559). */
export function checkTransactionType(
  record: Record<string, unknown>,
  fees: CanonicalFees,
  path: string,
): void {
  if (!has(record, 'type')) return
  const type = readQuantity(record.type, `${path} type`)
  if (type === '0x2' && fees.gasPrice === undefined) return
  if (
    (type === '0x0' || type === '0x1') &&
    fees.maxFeePerGas === undefined &&
    fees.maxPriorityFeePerGas === undefined
  )
    return
  refuse(`${path} type ${type} does not match its fee fields.`)
}
