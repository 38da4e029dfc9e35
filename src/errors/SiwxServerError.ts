import { BaseError } from './base'

/** Type of a {@link SiwxServerError}. */
export type SiwxServerErrorType = SiwxServerError

/**
 * A sign-in server's error answer whose name the client has no class for, kept as the server
 * said it: `name` and `remoteName` are the server's error name, the short message is the
 * server's message, `code` its code if any. A rejected signed message arrives as
 * `SiwxVerificationError`, and the names of `siwxErrorRegistry` (`SiwxNotConfiguredError`,
 * `OriginNotAllowedError`, `RateLimitedError`…) as their classes.
 */
export class SiwxServerError extends BaseError {
  /** The endpoint that answered, e.g. `POST /siwx/verify`. */
  endpoint: string
  /** The HTTP status of the answer. */
  status: number
  /** The server's error code, when it sent one. */
  code: string | number | undefined
  /** The server's error name (also the `name` of this error): one the client has no class for. */
  remoteName: string

  constructor({
    name,
    message,
    code,
    endpoint,
    status,
  }: {
    name: string
    message: string
    code?: string | number | undefined
    endpoint: string
    status: number
  }) {
    super(message, {
      name,
      metaMessages: [
        `Endpoint: ${endpoint}`,
        `HTTP status: ${status}`,
        ...(code === undefined ? [] : [`Code: ${code}`]),
      ],
    })
    this.endpoint = endpoint
    this.status = status
    this.code = code
    this.remoteName = name
  }
}
