import {
  has,
  readAddress,
  readBytes,
  readObject,
  readOwnAddress,
  readOwnChainId,
  readQuantity,
  refuse,
} from './fields'
import { checkTransactionType, normalizeFees } from './normalizeFees'
import type { Address, CanonicalTransaction, Hex } from './types'

const transactionFields = [
  'from',
  'to',
  'value',
  'data',
  'input',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'nonce',
  'chainId',
  'type',
] as const

/** `data` and `input` name the same bytes: either alone, or both equal; never two different ones. */
export function readCallData(record: Record<string, unknown>, path: string): Hex {
  const data = has(record, 'data') ? readBytes(record.data, `${path} data`) : undefined
  const input = has(record, 'input') ? readBytes(record.input, `${path} input`) : undefined
  if (data !== undefined && input !== undefined && data !== input)
    refuse(`${path} has both data and input, and they differ.`)
  return data ?? input ?? '0x'
}

/**
 * eth_sendTransaction [tx]: unknown fields, `data` ≠ `input`, another chain or another sender are
 * refused; `input` alone is the data; quantities become minimal lower-case hex.
 */
export function normalizeTransaction(
  params: unknown,
  chainId: number,
  account: Address,
): CanonicalTransaction {
  if (!Array.isArray(params) || params.length !== 1)
    refuse('eth_sendTransaction takes [transaction].')
  const tx = readObject(params[0], 'The transaction', transactionFields)
  if (has(tx, 'chainId'))
    readOwnChainId(tx.chainId, 'The transaction chainId', chainId, 'transaction')
  const from = has(tx, 'from') ? readOwnAddress(tx.from, 'The transaction from', account) : account
  const to = tx.to === null || tx.to === undefined ? null : readAddress(tx.to, 'The transaction to')
  const data = readCallData(tx, 'The transaction')
  if (to === null && data === '0x') refuse('A transaction without a recipient must carry code.')
  const fees = normalizeFees(tx, 'The transaction')
  checkTransactionType(tx, fees, 'The transaction')
  return {
    method: 'eth_sendTransaction',
    chainId,
    from: readAddress(from, 'The account'),
    to,
    value: has(tx, 'value') ? readQuantity(tx.value, 'The transaction value') : '0x0',
    data,
    ...(has(tx, 'gas') ? { gas: readQuantity(tx.gas, 'The transaction gas') } : {}),
    ...fees,
    ...(has(tx, 'nonce') ? { nonce: readQuantity(tx.nonce, 'The transaction nonce') } : {}),
  }
}
