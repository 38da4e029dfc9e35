import { version } from '../version'
import { getDocsUrl } from './docsBaseUrl'

/** Parameters shared by every Latchkey error. */
export type BaseErrorParameters = {
  /** The error that caused this one; its message becomes `details` when none is given. */
  cause?: unknown
  /** A longer explanation, shown after the meta lines. */
  details?: string | undefined
  /** Path of the docs page for this error under the docs base URL, e.g. `/errors.md#options`. */
  docsPath?: string | undefined
  /** Extra lines shown under the short message. */
  metaMessages?: string[] | undefined
  /** Overrides the error name. */
  name?: string | undefined
}

/** Type of a {@link BaseError} as thrown by Latchkey. */
export type BaseErrorType = BaseError & { name: 'BaseError' }

/** Base class of every Latchkey error, shaped like viem's `BaseError`. */
export class BaseError extends Error {
  details: string
  docsPath?: string | undefined
  metaMessages?: string[] | undefined
  shortMessage: string
  version: string

  override name = 'BaseError'

  constructor(shortMessage: string, args: BaseErrorParameters = {}) {
    const details = getDetails(args)
    const docsPath =
      args.cause instanceof BaseError ? (args.cause.docsPath ?? args.docsPath) : args.docsPath
    const message = [
      shortMessage || 'An error occurred.',
      '',
      ...(args.metaMessages ? [...args.metaMessages, ''] : []),
      ...(docsPath ? [`Docs: ${getDocsUrl(docsPath)}`] : []),
      ...(details ? [`Details: ${details}`] : []),
      `Version: latchkey@${version}`,
    ].join('\n')

    super(message, args.cause === undefined ? undefined : { cause: args.cause })

    this.details = details
    this.docsPath = docsPath
    this.metaMessages = args.metaMessages
    this.name = args.name ?? this.name
    this.shortMessage = shortMessage
    this.version = `latchkey@${version}`
  }

  /** Follows `cause` down to the deepest error, or to the first one `fn` accepts. */
  walk(): unknown
  walk(fn: (error: unknown) => boolean): unknown
  walk(fn?: (error: unknown) => boolean): unknown {
    return walk(this, fn)
  }
}

function getDetails(args: BaseErrorParameters): string {
  if (args.cause instanceof BaseError) return args.cause.details
  if (args.cause instanceof Error && args.cause.message) return args.cause.message
  return args.details ?? ''
}

function walk(error: unknown, fn: ((error: unknown) => boolean) | undefined): unknown {
  if (fn?.(error)) return error
  if (error && typeof error === 'object' && 'cause' in error && error.cause !== undefined)
    return walk(error.cause, fn)
  return fn ? null : error
}
