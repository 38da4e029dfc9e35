import { InvalidCommitmentError } from '../errors/InvalidCommitmentError'

/**
 * The three commitment levels a Solana cluster answers at.
 * @see https://solana.com/docs/rpc#configuring-state-commitment
 */
export type Commitment = 'processed' | 'confirmed' | 'finalized'

/** Every name SPEC §5 accepts for a (preflight) commitment, current and deprecated. */
export const commitmentNames = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const

/** A commitment as a caller may spell it, including the names validators dropped. */
export type CommitmentInput = (typeof commitmentNames)[number]

// The deprecated names, as agave reads them (recent = processed, single(Gossip) = confirmed,
// root/max = finalized): today's validators refuse them, so they are sent under the current name.
const current: Record<CommitmentInput, Commitment> = {
  processed: 'processed',
  confirmed: 'confirmed',
  finalized: 'finalized',
  recent: 'processed',
  single: 'confirmed',
  singleGossip: 'confirmed',
  root: 'finalized',
  max: 'finalized',
}

/**
 * Checks a commitment (SPEC §5: processed, confirmed, finalized, recent, single, singleGossip,
 * root, max) and returns the current name for it.
 * @throws InvalidCommitmentError
 * @example parseCommitment('singleGossip') // 'confirmed'
 */
export function parseCommitment(commitment: unknown): Commitment {
  if (typeof commitment === 'string' && Object.hasOwn(current, commitment))
    return current[commitment as CommitmentInput]
  throw new InvalidCommitmentError({ commitment })
}

const rank: Record<Commitment, number> = { processed: 0, confirmed: 1, finalized: 2 }

/** Whether a transaction at `reached` is at least at `wanted` (processed < confirmed < finalized). */
export function commitmentReached(reached: Commitment, wanted: Commitment): boolean {
  return rank[reached] >= rank[wanted]
}
