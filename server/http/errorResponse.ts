import { BaseError } from '../../src/errors/base'
import { serializeError } from '../../src/errors/serializeError'
import { serverErrorRegistry } from '../../src/errors/serverErrorRegistry'
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
  SocialStateError: 400,
  PasskeyChallengeError: 400,
  PasskeyVerificationError: 401,
  InvalidSecondFactorError: 400,
  SecondFactorRequiredError: 403,
  PasskeyRemovalError: 409,
  WalletImportError: 409,
  SocialLoginCancelledError: 400,
  SocialProviderNotConfiguredError: 404,
  SocialResultInvalidError: 403,
  SocialIdTokenError: 401,
  SocialEmailNeedsProofError: 409,
  SocialIdentityInUseError: 409,
  LastLoginError: 409,
  SocialProviderError: 502,
  FarcasterIdentityInUseError: 409,
  FarcasterLoginInvalidError: 403,
  FarcasterVerificationError: 401,
  FarcasterRelayError: 502,
  InvalidSessionError: 401,
  InvalidDeviceProofError: 401,
  DeviceProofNonceError: 401,
  AccountNotAuthorizedError: 403,
  OriginNotAllowedError: 403,
  ProjectNotFoundError: 404,
  OnrampAmountError: 400,
  OnrampNotSupportedError: 400,
  OnrampWebhookSignatureError: 401,
  OnrampSessionNotFoundError: 404,
  OnrampSessionFinalError: 409,
  OnrampProviderError: 502,
  // a sealed project's user before the frame made the wallet (server/custody/sealedWallets.ts)
  NoAccountsFoundError: 404,
  EmailInUseError: 409,
  RateLimitedError: 429,
  EmailDeliveryFailedError: 502,
  BroadcastUncertainError: 502,
  SwapProviderError: 502,
  BatchResponseError: 502,
  ResponseTooLargeError: 502,
  ChainTimeoutError: 504,
}

/**
 * Maps an error to an HTTP status and `{ error: { name, message, code?, …details } }` (its
 * serialised form, see `serializeError`); unknown errors are logged and hidden.
 */
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
  // One serialised shape on every wire; over HTTP its details sit beside name and message
  // (server/API.md), e.g. a send that may have gone out carries its hash and nonce.
  const { name, message, code, details } = serializeError(error, serverErrorRegistry)
  const status =
    statusByName[name] ?? (name === 'ChainRequestFailedError' ? (code === -32603 ? 502 : 400) : 500)
  if (status === 500) logger.warn(`latchkey server: ${error.message}`)
  const retryAfter = details?.retryAfter
  return {
    status,
    body: { error: { ...details, name, message, ...(code === undefined ? {} : { code }) } },
    headers: typeof retryAfter === 'number' ? { 'retry-after': String(retryAfter) } : {},
  }
}
