import { parseEther } from 'viem'
import type { CanonicalRequest } from '../../src/approval/types'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'
import { requireFactorProof } from './factorProofs'

type Context = Pick<ServerContext, 'storage' | 'now' | 'options'>

/** The value above which a transaction on `chainId` needs a second factor, in wei; none: no limit. */
export function signThreshold(
  context: Pick<ServerContext, 'options'>,
  chainId: number,
): bigint | undefined {
  const limits = context.options.secondFactor.signAbove
  const amount = limits?.[String(chainId)] ?? limits?.default
  return amount === undefined ? undefined : parseEther(amount)
}

/** The native value a request moves: a transaction's, or every call of a batch together. */
function movedValue(request: CanonicalRequest | { value: string }): bigint {
  if (!('method' in request) || request.method === 'eth_sendTransaction')
    return BigInt(request.value)
  if (request.method === 'wallet_sendCalls')
    return request.calls.reduce((sum, call) => sum + BigInt(call.value), 0n)
  return 0n
}

/**
 * The project's threshold, enforced here: a request above it needs a fresh second-factor proof
 * made by this session for this very request (`sign`, its hash), taken once. Nothing to do for
 * requests at or below it, or where the project set none.
 */
export async function requireFactorForSign(
  context: Context,
  {
    auth,
    chainId,
    request,
    hash,
    factorProof,
  }: {
    auth: Auth
    chainId: number
    request: CanonicalRequest | { value: string }
    hash: string
    factorProof?: string | undefined
  },
): Promise<void> {
  const threshold = signThreshold(context, chainId)
  if (threshold === undefined || movedValue(request) <= threshold) return
  await requireFactorProof(context, auth, { action: 'sign', subject: hash }, factorProof)
}
