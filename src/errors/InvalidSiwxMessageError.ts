import { BaseError } from './base'

/** Why a sign-in message field was refused. */
export type InvalidSiwxMessageReason =
  /** A required field is absent or empty. */
  | 'missing'
  /** A single-line field holds a line break (message injection). */
  | 'lineBreak'
  /** A field is longer than its maximum (see `siwxFieldLimits`). */
  | 'tooLong'
  /** A field does not match its grammar (EIP-4361 ABNF / CAIP-122). */
  | 'invalid'

/** Type of an {@link InvalidSiwxMessageError}. */
export type InvalidSiwxMessageErrorType = InvalidSiwxMessageError & {
  name: 'InvalidSiwxMessageError'
}

/**
 * Thrown when a sign-in message cannot be created or parsed: names the field and the reason.
 * @see https://eips.ethereum.org/EIPS/eip-4361
 */
export class InvalidSiwxMessageError extends BaseError {
  field: string
  reason: InvalidSiwxMessageReason

  override name = 'InvalidSiwxMessageError'

  constructor({
    field,
    reason,
    details,
  }: { field: string; reason: InvalidSiwxMessageReason; details?: string | undefined }) {
    super(`Sign-in message field "${field}" is ${describe(reason)}.`, { details })
    this.field = field
    this.reason = reason
  }
}

function describe(reason: InvalidSiwxMessageReason): string {
  switch (reason) {
    case 'missing':
      return 'missing'
    case 'lineBreak':
      return 'not allowed to contain a line break'
    case 'tooLong':
      return 'too long'
    case 'invalid':
      return 'invalid'
    default: {
      const _: never = reason
      return 'invalid'
    }
  }
}
