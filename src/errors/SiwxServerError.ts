import { BaseError } from './base'

/** Type of a {@link SiwxServerError}. */
export type SiwxServerErrorType = SiwxServerError

/**
 * A sign-in server's error answer, kept as the server said it: `name` is the server's error
 * name (e.g. `OriginNotAllowedError`, `SiwxNotConfiguredError`), the short message is the
 * server's message, `code` its code if any. A rejected signed message arrives as
 * `SiwxVerificationError` instead.
 */
export class SiwxServerError extends BaseError {
  /** The endpoint that answered, e.g. `POST /siwx/verify`. */
  endpoint: string
  /** The HTTP status of the answer. */
  status: number
  /** The server's error code, when it sent one. */
  code: string | number | undefined

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
  }
}
