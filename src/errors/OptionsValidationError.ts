import { BaseError } from './base'

/** Type of an {@link OptionsValidationError}. */
export type OptionsValidationErrorType = OptionsValidationError & { name: 'OptionsValidationError' }

/** Thrown when `LatchkeyOptions` hold an unknown key or an invalid value. */
export class OptionsValidationError extends BaseError {
  /** Dotted path of the offending option, e.g. `features.email`. */
  option: string
  /** Why the value was refused; `Unknown option` for keys the schema does not know. */
  reason: string

  override name = 'OptionsValidationError'

  constructor({
    option,
    reason,
    unknown = false,
  }: { option: string; reason: string; unknown?: boolean | undefined }) {
    super(unknown ? `Unknown option "${option}".` : `Invalid option "${option}": ${reason}`, {
      docsPath: '/errors.md#options',
    })
    this.option = option
    this.reason = reason
  }
}
