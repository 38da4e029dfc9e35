import { BaseError } from './base'

/** Type of an {@link InvalidCommitmentError}. */
export type InvalidCommitmentErrorType = InvalidCommitmentError & { name: 'InvalidCommitmentError' }

/** Thrown when a Solana commitment (or preflight commitment) is not one a cluster knows. */
export class InvalidCommitmentError extends BaseError {
  /** The refused value. */
  commitment: string

  override name = 'InvalidCommitmentError'

  constructor({ commitment }: { commitment: unknown }) {
    // a string as it is; anything else by its type (String() throws for {toString: false})
    const shown =
      typeof commitment === 'string' ? commitment.slice(0, 64) : `(${typeof commitment})`
    super(`Commitment "${shown}" is invalid.`, {
      docsPath: '/errors.md#solana',
      metaMessages: [
        '- Use processed, confirmed or finalized (recent, single, singleGossip, root and max are',
        '  their old names and are read as those).',
      ],
    })
    this.commitment = shown
  }
}
