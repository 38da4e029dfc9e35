import { BaseError } from '../../src/errors/base'
import type { Logger } from '../logger'
import type { ErrorBody } from '../schemas/api'

const statusByName: Record<string, number> = {
  InvalidRequestError: 400,
  ChainMismatchError: 400,
  FeeCapExceededError: 400,
  EstimateGasFailedError: 400,
  InvalidOtpError: 400,
  OtpExpiredError: 400,
  OtpAttemptsExceededError: 400,
  RpcMethodNotAllowedError: 400,
  ChainNotSupportedError: 400,
  SmartAccountNotSupportedError: 400,
  InvalidSessionError: 401,
  InvalidDeviceProofError: 401,
  DeviceProofNonceError: 401,
  AccountNotAuthorizedError: 403,
  DeviceNotVerifiedError: 403,
  OriginNotAllowedError: 403,
  ProjectNotFoundError: 404,
  EmailInUseError: 409,
  RateLimitedError: 429,
  EmailDeliveryFailedError: 502,
  BroadcastUncertainError: 502,
  BatchResponseError: 502,
  ResponseTooLargeError: 502,
  ChainTimeoutError: 504,
}

function stringField(error: object, key: string): string | undefined {
  const value = (error as Record<string, unknown>)[key]
  return typeof value === 'string' ? value : undefined
}

function numberField(error: object, key: string): number | undefined {
  const value = (error as Record<string, unknown>)[key]
  return typeof value === 'number' ? value : undefined
}

/** Maps an error to an HTTP status and `{ error: { name, message, code?, … } }`; unknown errors are logged and hidden. */
export function errorResponse(
  error: unknown,
  logger: Logger,
): { status: number; body: ErrorBody; headers: Record<string, string> } {
  if (!(error instanceof BaseError)) {
    logger.warn(
      `latchkey server: unexpected error: ${error instanceof Error ? error.stack : String(error)}`,
    )
    return {
      status: 500,
      body: { error: { name: 'InternalError', message: 'An error occurred' } },
      headers: {},
    }
  }
  const code = numberField(error, 'code')
  const status =
    statusByName[error.name] ??
    (error.name === 'ChainRequestFailedError' ? (code === -32603 ? 502 : 400) : 500)
  if (status === 500) logger.warn(`latchkey server: ${error.message}`)
  const retryAfter = numberField(error, 'retryAfter')
  const attemptsLeft = numberField(error, 'attemptsLeft')
  const retryAfterMs = numberField(error, 'retryAfterMs')
  // A send that may have gone out: its hash and nonce, so the visitor can look before resending.
  const hash = stringField(error, 'hash')
  const nonce = numberField(error, 'nonce')
  const mayHaveBeenSent = (error as { mayHaveBeenSent?: unknown }).mayHaveBeenSent === true
  return {
    status,
    body: {
      error: {
        name: error.name,
        message: error.shortMessage,
        ...(code === undefined ? {} : { code }),
        ...(retryAfter === undefined ? {} : { retryAfter }),
        ...(attemptsLeft === undefined ? {} : { attemptsLeft }),
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        ...(hash === undefined ? {} : { hash }),
        ...(nonce === undefined ? {} : { nonce }),
        ...(mayHaveBeenSent ? { mayHaveBeenSent } : {}),
      },
    },
    headers: retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) },
  }
}
