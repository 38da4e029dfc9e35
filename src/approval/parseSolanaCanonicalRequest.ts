import { decodeBase64 } from '../utils/base64'
import { buildSolanaRequest } from './buildSolanaRequest'
import { canonicalJson } from './canonicalJson'
import { readObject, refuse } from './fields'
import { hashCanonicalRequest } from './hashCanonicalRequest'
import type { CanonicalSolanaRequest, SolanaApprovalMethod } from './solanaTypes'

/** What {@link parseSolanaCanonicalRequest} checks. */
export type ParseSolanaCanonicalRequestParameters = {
  /** The object received (untrusted). */
  request: unknown
  /** The hash sent with it. */
  hash: unknown
  /** The method the request claims to be. */
  method: SolanaApprovalMethod
  /** The signed-in user's Solana address. */
  account: string
}

const fieldsOf: Record<SolanaApprovalMethod, string[]> = {
  solana_signMessage: ['method', 'account', 'message', 'text'],
  solana_signTransaction: ['method', 'chain', 'account', 'transaction'],
  solana_signAllTransactions: ['method', 'chain', 'account', 'transactions'],
  solana_signAndSendTransaction: ['method', 'chain', 'account', 'transaction', 'options'],
}

function bytesOf(value: unknown, path: string): Uint8Array {
  return (
    (typeof value === 'string' ? decodeBase64(value) : undefined) ??
    refuse(`${path} must be base64.`)
  )
}

/**
 * Reads a received canonical Solana request back through the same builder the frame used and
 * refuses any difference: another method or account, a field that is not canonical, bytes that
 * are not base64, or a hash that does not match.
 */
export function parseSolanaCanonicalRequest({
  request,
  hash,
  method,
  account,
}: ParseSolanaCanonicalRequestParameters): CanonicalSolanaRequest {
  const claimed = (request as { method?: unknown } | null)?.method
  if (claimed !== method) refuse(`The request is a ${String(claimed).slice(0, 64)}, not ${method}.`)
  const record = readObject(request, 'The request', fieldsOf[method])
  if (typeof record.account !== 'string' || record.account !== account)
    refuse('The request is for another account.')
  const list = record.transactions
  const canonical = buildSolanaRequest({
    method,
    account,
    chain: record.chain,
    options: record.options,
    message: method === 'solana_signMessage' ? bytesOf(record.message, 'The message') : undefined,
    transactions:
      method === 'solana_signAllTransactions'
        ? Array.isArray(list)
          ? list.map((item, index) => bytesOf(item, `Transaction ${index + 1}`))
          : refuse('The transactions must be a list.')
        : method === 'solana_signMessage'
          ? undefined
          : [bytesOf(record.transaction, 'The transaction')],
  })
  if (canonicalJson(canonical) !== canonicalJson(request))
    refuse('The request is not in its canonical form.')
  if (typeof hash !== 'string' || hash.toLowerCase() !== hashCanonicalRequest(canonical))
    refuse('The request does not match its hash.')
  return canonical
}
