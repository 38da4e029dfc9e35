import {
  has,
  readAddress,
  readObject,
  readOwnAddress,
  readOwnChainId,
  readQuantity,
  refuse,
} from './fields'
import { normalizeFees } from './normalizeFees'
import { readCallData } from './normalizeTransaction'
import type { Address, CanonicalCall, CanonicalSendCalls } from './types'

/** At most this many calls in one batch. */
export const maxCalls = 32

const batchFields = [
  'version',
  'chainId',
  'from',
  'calls',
  'atomicRequired',
  'capabilities',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
]
const callFields = ['to', 'data', 'input', 'value', 'capabilities', 'gas']

function readCapabilities(record: Record<string, unknown>, path: string): void {
  if (!has(record, 'capabilities')) return
  const capabilities = readObject(
    record.capabilities,
    `${path}.capabilities`,
    Object.keys(record.capabilities ?? {}),
  )
  // EIP-5792: a capability the wallet does not support must make the request fail unless optional.
  for (const [name, value] of Object.entries(capabilities)) {
    const optional =
      typeof value === 'object' &&
      value !== null &&
      (value as { optional?: unknown }).optional === true
    if (!optional)
      refuse(`${path} asks for the capability "${name}", which this wallet does not support.`)
  }
}

function normalizeCall(value: unknown, index: number): CanonicalCall {
  const path = `Call ${index + 1}`
  const call = readObject(value, path, callFields)
  readCapabilities(call, path)
  if (!has(call, 'to')) refuse(`${path} has no recipient (to).`)
  return {
    to: readAddress(call.to, `${path} to`),
    value: has(call, 'value') ? readQuantity(call.value, `${path} value`) : '0x0',
    data: readCallData(call, path),
    ...(has(call, 'gas') ? { gas: readQuantity(call.gas, `${path} gas`) } : {}),
  }
}

/**
 * wallet_sendCalls [batch] (EIP-5792) for an EOA: each call is one transaction; atomic execution
 * is refused; `gas` per call and one fee setting are the wallet's own fields, filled when prepared.
 */
export function normalizeSendCalls(
  params: unknown,
  chainId: number,
  account: Address,
): CanonicalSendCalls {
  if (!Array.isArray(params) || params.length !== 1) refuse('wallet_sendCalls takes [calls].')
  const batch = readObject(params[0], 'The calls', batchFields)
  if (batch.atomicRequired === true) refuse('Atomic execution is not supported by this wallet.')
  if (has(batch, 'atomicRequired') && typeof batch.atomicRequired !== 'boolean')
    refuse('atomicRequired must be true or false.')
  if (has(batch, 'chainId')) readOwnChainId(batch.chainId, 'The calls chainId', chainId, 'request')
  readCapabilities(batch, 'The calls')
  if (has(batch, 'version') && (typeof batch.version !== 'string' || batch.version.length > 20))
    refuse('The calls version must be a short string.')
  if (!Array.isArray(batch.calls) || batch.calls.length === 0 || batch.calls.length > maxCalls)
    refuse(`The calls must be a list of 1 to ${maxCalls} calls.`)
  return {
    method: 'wallet_sendCalls',
    chainId,
    from: has(batch, 'from')
      ? readOwnAddress(batch.from, 'The calls from', account)
      : readAddress(account, 'The account'),
    version: typeof batch.version === 'string' ? batch.version : '2.0.0',
    calls: batch.calls.map(normalizeCall),
    ...normalizeFees(batch, 'The calls'),
  }
}
