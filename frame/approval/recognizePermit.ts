import { getAddress } from 'viem'
import type { CanonicalTypedData, JsonValue } from '../../src/approval/types'
import { formatDeadline, formatTokenAmount, unlimitedThreshold } from './formatAmount'
import { type ApprovalRow, text } from './types'

/** A recognised permit: the rows that matter (token, spender, amount, deadline) and warnings. */
export interface RecognizedPermit {
  kind: 'Permit' | 'Permit2'
  rows: ApprovalRow[]
  warnings: string[]
}

type Record_ = { [key: string]: JsonValue }

const isRecord = (value: JsonValue | undefined): value is Record_ =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isAddress = (value: JsonValue | undefined): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const isInteger = (value: JsonValue | undefined): value is string =>
  typeof value === 'string' && /^\d+$/.test(value)

function unlimitedWarning(spender: string): string {
  return `Unlimited permit: ${spender} may move all of this token from your account once this signature is used.`
}

function amountRows(
  token: string,
  amount: string,
  spender: string,
  warnings: string[],
  label = 'Token',
): ApprovalRow[] {
  if (BigInt(amount) >= unlimitedThreshold) warnings.push(unlimitedWarning(spender))
  return [text(label, getAddress(token)), text('Amount', formatTokenAmount(BigInt(amount)))]
}

/**
 * Recognises EIP-2612 `Permit` (and DAI's `allowed` permit) and Uniswap Permit2
 * (`PermitSingle`, `PermitBatch`, `PermitTransferFrom`, `PermitBatchTransferFrom`, and their
 * witness forms) in canonical typed data.
 */
export function recognizePermit(request: CanonicalTypedData): RecognizedPermit | undefined {
  const { domain, primaryType, message } = request.typedData
  const warnings: string[] = []
  const spender = message.spender
  if (!isAddress(spender)) return undefined
  const spenderRow = text('Spender', getAddress(spender))
  if (domain.name === 'Permit2') {
    const deadline = message.sigDeadline ?? message.deadline
    if (!isInteger(deadline)) return undefined
    const rows: ApprovalRow[] = [spenderRow]
    const details = message.details ?? message.permitted
    const entries = Array.isArray(details) ? details : [details]
    for (const [index, entry] of entries.entries()) {
      if (!isRecord(entry) || !isAddress(entry.token) || !isInteger(entry.amount)) return undefined
      const suffix = entries.length > 1 ? ` ${index + 1}` : ''
      rows.push(
        ...amountRows(entry.token, entry.amount, getAddress(spender), warnings, `Token${suffix}`),
      )
      if (isInteger(entry.expiration))
        rows.push(text(`Allowance expires${suffix}`, formatDeadline(BigInt(entry.expiration))))
    }
    rows.push(text('Signature deadline', formatDeadline(BigInt(deadline))))
    return { kind: 'Permit2', rows, warnings }
  }
  if (primaryType !== 'Permit') return undefined
  const token = isAddress(domain.verifyingContract)
    ? getAddress(domain.verifyingContract)
    : '(not named in the domain)'
  if (isInteger(message.value) && isInteger(message.deadline)) {
    if (BigInt(message.value) >= unlimitedThreshold)
      warnings.push(unlimitedWarning(getAddress(spender)))
    return {
      kind: 'Permit',
      rows: [
        text('Token', token),
        spenderRow,
        text('Amount', formatTokenAmount(BigInt(message.value))),
        text('Deadline', formatDeadline(BigInt(message.deadline))),
      ],
      warnings,
    }
  }
  if (typeof message.allowed === 'boolean' && isInteger(message.expiry)) {
    if (message.allowed) warnings.push(unlimitedWarning(getAddress(spender)))
    return {
      kind: 'Permit',
      rows: [
        text('Token', token),
        spenderRow,
        text('Amount', message.allowed ? 'Unlimited' : 'None (revokes the allowance)'),
        text('Deadline', formatDeadline(BigInt(message.expiry))),
      ],
      warnings,
    }
  }
  return undefined
}
