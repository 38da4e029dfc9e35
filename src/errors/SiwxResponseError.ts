import { BaseError } from './base'

/** Type of a {@link SiwxResponseError}. */
export type SiwxResponseErrorType = SiwxResponseError & { name: 'SiwxResponseError' }

/** Thrown when a sign-in server endpoint fails or answers with an unexpected body. */
export class SiwxResponseError extends BaseError {
  endpoint: string
  status: number | undefined

  override name = 'SiwxResponseError'

  constructor({
    endpoint,
    status,
    cause,
    details,
  }: { endpoint: string; status?: number | undefined; cause?: unknown; details?: string }) {
    super(`The sign-in server answered ${endpoint} with an unexpected response.`, {
      cause,
      details,
      metaMessages: status === undefined ? undefined : [`- HTTP status: ${status}`],
    })
    this.endpoint = endpoint
    this.status = status
  }
}
