import { BaseError } from './base'

/** Type of a {@link CliUsageError}. */
export type CliUsageErrorType = CliUsageError & { name: 'CliUsageError' }

/**
 * Thrown by the `latchkey` command for an unknown command or flag, a flag without its value, or
 * a stray argument; the message names the flag as typed (`--master-key`) and a close match.
 */
export class CliUsageError extends BaseError {
  /** The command or flag as the user typed it, e.g. `--prot`. */
  argument: string
  /** The closest known command or flag, when one is close. */
  suggestion?: string | undefined

  override name = 'CliUsageError'

  constructor({
    argument,
    reason,
    suggestion,
  }: { argument: string; reason: string; suggestion?: string | undefined }) {
    super(suggestion ? `${reason} Did you mean ${suggestion}?` : reason, {
      metaMessages: ['Run `latchkey --help` for every command and flag.'],
    })
    this.argument = argument
    this.suggestion = suggestion
  }
}
