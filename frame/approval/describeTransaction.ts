import { formatGwei } from 'viem'
import type { CanonicalCall, CanonicalFees } from '../../src/approval/types'
import { decodeCall } from './decodeCall'
import { formatNative } from './formatAmount'
import { type ApprovalRow, block, text } from './types'

/** The rows of one call (recipient, value, decoded action, whole calldata) and its warnings. */
export function describeCall(
  call: Pick<CanonicalCall, 'value' | 'data'> & { to: string | null },
  symbol: string,
): { rows: ApprovalRow[]; warnings: string[] } {
  const rows: ApprovalRow[] = [
    text('To', call.to ?? '(new contract)'),
    text('Value', formatNative(BigInt(call.value), symbol)),
  ]
  const warnings: string[] = []
  if (call.data !== '0x') {
    const decoded = call.to ? decodeCall(call.to, call.data) : undefined
    if (decoded) {
      rows.push(text('Action', decoded.action), ...decoded.rows)
      warnings.push(...decoded.warnings)
    } else
      warnings.push(
        call.to
          ? 'This call carries data the wallet cannot read: only approve it if you trust the app.'
          : 'This deploys a new contract.',
      )
    rows.push(block(`Data (${(call.data.length - 2) / 2} bytes)`, call.data))
  }
  return { rows, warnings }
}

/** The highest fee per gas the request allows. */
export function maxFeePerGas(fees: CanonicalFees): bigint {
  return BigInt(fees.maxFeePerGas ?? fees.gasPrice ?? '0x0')
}

/** Rows for the maximum network fee and the total (value + maximum fee). */
export function feeRows(
  gas: bigint | undefined,
  fees: CanonicalFees,
  value: bigint,
  symbol: string,
): ApprovalRow[] {
  const perGas = maxFeePerGas(fees)
  if (gas === undefined || perGas === 0n)
    return [text('Max network fee', 'Not set (the wallet refuses to send it)')]
  const fee = gas * perGas
  return [
    text(
      'Max network fee',
      `${formatNative(fee, symbol)} (${gas} gas × ${formatGwei(perGas)} gwei)`,
    ),
    text('Total (value + max fee)', formatNative(value + fee, symbol)),
  ]
}
