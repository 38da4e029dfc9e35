/** Reading and checking JSON-RPC params the way the validator does (its error texts). */
import { type Address, isAddress } from '@solana/kit'
import type { Commitment, SolanaChain } from './createSolanaChain'
import { invalidParam, invalidParams, rpcCodes, SolanaRpcError } from './rpcError'

/** A base58 address param. */
export function addressParam(value: unknown): Address {
  if (typeof value !== 'string')
    throw invalidParams(`invalid type: ${typeof value}, expected a string`)
  if (!isAddress(value)) throw invalidParam('Invalid')
  return value
}

/** The config object param (or `{}` when absent). */
export function configParam(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams(
      `invalid type: ${Array.isArray(value) ? 'sequence' : typeof value}, expected a map`,
    )
  }
  return value as Record<string, unknown>
}

const commitments = ['processed', 'confirmed', 'finalized'] as const

/** A commitment param; the validator's default is `finalized`. */
export function commitmentParam(value: unknown, fallback: Commitment = 'finalized'): Commitment {
  if (value === undefined || value === null) return fallback
  if (commitments.includes(value as Commitment)) return value as Commitment
  throw invalidParams(
    `unknown variant \`${String(value)}\`, expected one of \`processed\`, \`confirmed\`, \`finalized\``,
  )
}

/** The slot a read sees at its commitment, checking `minContextSlot` as the validator does. */
export function contextSlot(chain: SolanaChain, config: Record<string, unknown>): bigint {
  const slot = chain.slotAt(commitmentParam(config.commitment))
  const min = config.minContextSlot
  if (min !== undefined && (typeof min !== 'number' || !Number.isInteger(min) || min < 0)) {
    throw invalidParams('minContextSlot must be a non-negative integer')
  }
  if (typeof min === 'number' && BigInt(min) > slot) {
    throw new SolanaRpcError(
      rpcCodes.minContextSlotNotReached,
      'Minimum context slot has not been reached',
      {
        contextSlot: slot,
      },
    )
  }
  return slot
}

/** A non-negative integer param (u64 / usize). */
export function integerParam(value: unknown, name: string): bigint {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'bigint' && value >= 0n) return value
  throw invalidParams(`invalid value for ${name}: expected a non-negative integer`)
}
