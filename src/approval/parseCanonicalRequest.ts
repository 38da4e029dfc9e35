import { ChainMismatchError } from '../errors/ChainMismatchError'
import { InvalidRequestError } from '../errors/InvalidRequestError'
import { canonicalJson } from './canonicalJson'
import { hashCanonicalRequest } from './hashCanonicalRequest'
import { normalizeApprovalRequest } from './normalizeApprovalRequest'
import { toApprovalParams } from './toApprovalParams'
import type { CanonicalRequest } from './types'

/** What {@link parseCanonicalRequest} checks. */
export type ParseCanonicalRequestParameters = {
  /** The object received (untrusted). */
  request: unknown
  /** The hash sent with it. */
  hash: unknown
  /** The method the request claims to be. */
  method: string
  /** The chain the request was captured on. */
  chainId: number
  account: string
}

/**
 * Normalises a received canonical request again with the same code and refuses any difference:
 * another method, chain or account, a field that is not canonical, or a hash that does not match.
 */
export function parseCanonicalRequest({
  request,
  hash,
  method,
  chainId,
  account,
}: ParseCanonicalRequestParameters): CanonicalRequest {
  const claimed = (request as { chainId?: unknown } | null)?.chainId
  if (typeof claimed === 'number' && claimed !== chainId)
    throw new ChainMismatchError({
      kind: 'request',
      requestedChainId: claimed,
      activeChainId: chainId,
    })
  const params = toApprovalParams(request)
  if (params.method !== method)
    throw new InvalidRequestError({ reason: `The request is a ${params.method}, not ${method}.` })
  const canonical = normalizeApprovalRequest({ ...params, chainId, account })
  if (canonicalJson(canonical) !== canonicalJson(request))
    throw new InvalidRequestError({ reason: 'The request is not in its canonical form.' })
  if (typeof hash !== 'string' || hash.toLowerCase() !== hashCanonicalRequest(canonical))
    throw new InvalidRequestError({ reason: 'The request does not match its hash.' })
  return canonical
}
