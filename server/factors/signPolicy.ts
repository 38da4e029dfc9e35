import { parseEther } from 'viem'
import { exceedsThreshold } from '../../src/approval/tokenMoves'
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

/** The token thresholds of `chainId` (lower-case token address → smallest units). */
export function tokenThresholds(
  context: Pick<ServerContext, 'options'>,
  chainId: number,
): Record<string, bigint> {
  const limits: Record<string, bigint> = {}
  for (const [key, amount] of Object.entries(context.options.secondFactor.tokenAbove ?? {})) {
    const [chain, token = ''] = key.split(':')
    if (chain === String(chainId)) limits[token.toLowerCase()] = BigInt(amount)
  }
  return limits
}

/**
 * The project's threshold, enforced here: a request above it (its native value, or what it
 * transfers or allows of a token: src/approval/tokenMoves.ts) needs a fresh second-factor proof
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
    request: CanonicalRequest
    hash: string
    factorProof?: string | undefined
  },
): Promise<void> {
  const threshold = signThreshold(context, chainId)
  if (threshold === undefined) return
  if (!exceedsThreshold(request, threshold, tokenThresholds(context, chainId))) return
  await requireFactorProof(context, auth, { action: 'sign', subject: hash }, factorProof)
}
