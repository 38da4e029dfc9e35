import { decodeSolanaTransaction } from '../solana/decodeSolanaTransaction'
import { decodeBase64 } from '../utils/base64'
import { decodeBase58 } from '../utils/decodeBase58'
import {
  buildSolanaRequest,
  maxSolanaMessageBytes,
  maxSolanaTransactions,
  readOwnSolanaAddress,
} from './buildSolanaRequest'
import { has, readObject, refuse } from './fields'
import type { ApprovalRequest, CanonicalSolanaRequest, SolanaApprovalMethod } from './solanaTypes'

/** The Solana methods {@link normalizeSolanaRequest} knows. */
export const solanaApprovalMethods: readonly SolanaApprovalMethod[] = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

/** Whether `method` is one of {@link solanaApprovalMethods}. */
export function isSolanaApprovalMethod(method: unknown): method is SolanaApprovalMethod {
  return (solanaApprovalMethods as readonly unknown[]).includes(method)
}

/** Whether a canonical request is a Solana one (else an EVM one). */
export function isSolanaRequest(request: ApprovalRequest): request is CanonicalSolanaRequest {
  return isSolanaApprovalMethod(request.method)
}

/** How the dapp wrote a transaction; its signed copy goes back the same way. */
export type SolanaEncoding = 'base58' | 'base64'

/** What {@link normalizeSolanaRequest} reads. */
export type NormalizeSolanaRequestParameters = {
  method: SolanaApprovalMethod
  params: unknown
  /** The signed-in user's Solana address. */
  account: string
  /** The wallet's active Solana cluster, used when the request names none. */
  chain?: string | undefined
}

// Base58 is decoded in quadratic time: nothing longer than the largest accepted value is tried.
const maxBase58Message = Math.ceil((maxSolanaMessageBytes * Math.log(256)) / Math.log(58)) + 1
const maxBase58Transaction = 1700

function readMessage(value: unknown): Uint8Array {
  if (typeof value !== 'string' || value.length === 0) refuse('The message must be base58.')
  if (value.length > maxBase58Message)
    refuse(`The message must be 1 to ${maxSolanaMessageBytes} bytes.`)
  return decodeBase58(value) ?? refuse('The message must be base58.')
}

/**
 * A transaction written as base58 or base64: whichever reading decodes as a transaction. Text
 * that reads both ways as two different transactions is refused; one that reads as none gets the
 * reason of the reading that gave bytes (base64 first).
 */
function readTransaction(
  value: unknown,
  path: string,
): { bytes: Uint8Array; encoding: SolanaEncoding } {
  if (typeof value !== 'string' || value.length === 0)
    refuse(`${path} must be a base58 or base64 wire transaction.`)
  const readings: { bytes: Uint8Array; encoding: SolanaEncoding }[] = []
  const base64 = decodeBase64(value)
  if (base64) readings.push({ bytes: base64, encoding: 'base64' })
  const base58 = value.length <= maxBase58Transaction ? decodeBase58(value) : undefined
  if (base58) readings.push({ bytes: base58, encoding: 'base58' })
  if (readings.length === 0) refuse(`${path} must be a base58 or base64 wire transaction.`)
  let failure: unknown
  const decoded = readings.filter((reading) => {
    try {
      decodeSolanaTransaction(reading.bytes)
      return true
    } catch (error) {
      failure ??= error
      return false
    }
  })
  const [only] = decoded
  if (decoded.length > 1) refuse(`${path} reads as base58 and as base64: send it as base64.`)
  if (only) return only
  throw failure
}

/**
 * Turns a dapp's Solana request into its canonical form (see `buildSolanaRequest`): the message
 * is base58; a transaction is base58 or base64; the cluster is the request's `chain`, else the
 * wallet's active one. Also says how each transaction was written, to answer in kind.
 * @example
 * const { request } = normalizeSolanaRequest({ method, params, account, chain: 'solana:devnet' })
 */
export function normalizeSolanaRequest({
  method,
  params,
  account,
  chain,
}: NormalizeSolanaRequestParameters): {
  request: CanonicalSolanaRequest
  encodings: SolanaEncoding[]
} {
  switch (method) {
    case 'solana_signMessage': {
      const record = readObject(params, 'The request', ['message', 'pubkey'])
      readOwnSolanaAddress(record.pubkey, account)
      const message = readMessage(record.message)
      return { request: buildSolanaRequest({ method, account, message }), encodings: [] }
    }
    case 'solana_signAllTransactions': {
      const record = readObject(params, 'The request', ['transactions', 'chain'])
      const list = record.transactions
      if (!Array.isArray(list) || list.length === 0 || list.length > maxSolanaTransactions)
        refuse(`The transactions must be a list of 1 to ${maxSolanaTransactions}.`)
      const read = list.map((item, index) => readTransaction(item, `Transaction ${index + 1}`))
      return {
        request: buildSolanaRequest({
          method,
          account,
          chain: has(record, 'chain') ? record.chain : chain,
          transactions: read.map((item) => item.bytes),
        }),
        encodings: read.map((item) => item.encoding),
      }
    }
    default: {
      const fields =
        method === 'solana_signAndSendTransaction'
          ? ['transaction', 'chain', 'options']
          : ['transaction', 'chain']
      const record = readObject(params, 'The request', fields)
      const read = readTransaction(record.transaction, 'The transaction')
      return {
        request: buildSolanaRequest({
          method,
          account,
          chain: has(record, 'chain') ? record.chain : chain,
          transactions: [read.bytes],
          options: record.options,
        }),
        encodings: [read.encoding],
      }
    }
  }
}
