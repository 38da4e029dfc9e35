import { AccountNotAuthorizedError } from './AccountNotAuthorizedError'
import { BatchResponseError } from './BatchResponseError'
import { BroadcastUncertainError } from './BroadcastUncertainError'
import { ChainMismatchError } from './ChainMismatchError'
import { ChainNotSupportedError } from './ChainNotSupportedError'
import { ChainRequestFailedError } from './ChainRequestFailedError'
import { ChainTimeoutError } from './ChainTimeoutError'
import { commerceErrorRegistry } from './commerceErrorRegistry'
import { DeviceProofNonceError } from './DeviceProofNonceError'
import { EmailDeliveryFailedError } from './EmailDeliveryFailedError'
import { EmailInUseError } from './EmailInUseError'
import { EstimateGasFailedError } from './EstimateGasFailedError'
import { FarcasterIdentityInUseError } from './FarcasterIdentityInUseError'
import { FarcasterLoginInvalidError } from './FarcasterLoginInvalidError'
import { FarcasterRelayError } from './FarcasterRelayError'
import {
  FarcasterVerificationError,
  farcasterVerificationFailures,
} from './FarcasterVerificationError'
import { FeeCapExceededError } from './FeeCapExceededError'
import { InvalidDeviceProofError } from './InvalidDeviceProofError'
import { InvalidOtpError } from './InvalidOtpError'
import { InvalidRequestError } from './InvalidRequestError'
import { InvalidSecondFactorError, secondFactorFailures } from './InvalidSecondFactorError'
import { InvalidSessionError } from './InvalidSessionError'
import { InvalidWalletSecretError, walletSecretProblems } from './InvalidWalletSecretError'
import { LastLoginError } from './LastLoginError'
import { OriginNotAllowedError } from './OriginNotAllowedError'
import { OtpAttemptsExceededError } from './OtpAttemptsExceededError'
import { OtpExpiredError } from './OtpExpiredError'
import { PasskeyChallengeError } from './PasskeyChallengeError'
import { PasskeyRemovalError, passkeyRemovalFailures } from './PasskeyRemovalError'
import { PasskeyVerificationError, passkeyFailures } from './PasskeyVerificationError'
import { ProjectNotFoundError } from './ProjectNotFoundError'
import { RateLimitedError } from './RateLimitedError'
import { ResponseTooLargeError } from './ResponseTooLargeError'
import { RpcMethodNotAllowedError } from './RpcMethodNotAllowedError'
import { readNumberDetail, readStringDetail } from './readDetail'
import {
  SecondFactorRequiredError,
  secondFactorActions,
  secondFactorRefusals,
} from './SecondFactorRequiredError'
import { SmartAccountNotSupportedError } from './SmartAccountNotSupportedError'
import { SocialEmailNeedsProofError } from './SocialEmailNeedsProofError'
import { SocialIdentityInUseError } from './SocialIdentityInUseError'
import { SocialIdTokenError, socialIdTokenFailures } from './SocialIdTokenError'
import { SocialLoginCancelledError } from './SocialLoginCancelledError'
import { SocialProviderError } from './SocialProviderError'
import { SocialProviderNotConfiguredError } from './SocialProviderNotConfiguredError'
import { SocialRedirectUnavailableError } from './SocialRedirectUnavailableError'
import { SocialResultInvalidError } from './SocialResultInvalidError'
import { SocialStateError } from './SocialStateError'
import type { ErrorRegistry } from './serializeError'
import { WalletImportError, walletImportFailures } from './WalletImportError'

// What the wire does not say is not made up: the revived error names the value as unknown.
const unknown = 'unknown'

/**
 * The errors the Latchkey server answers with (server/API.md), by name: the server serialises
 * them with it, and the frame page and the host make them again from it. Not in the first bundle.
 */
export const serverErrorRegistry: ErrorRegistry = {
  AccountNotAuthorizedError: {
    revive: () => new AccountNotAuthorizedError({ address: unknown }),
  },
  BatchResponseError: {
    fields: ['reason'],
    revive: (error) => {
      const reason = readStringDetail(error, 'reason')
      return new BatchResponseError({
        reason: reason === 'missing' || reason === 'duplicate' ? reason : 'malformed',
        method: unknown,
      })
    },
  },
  BroadcastUncertainError: {
    fields: ['hash', 'nonce', 'signature', 'mayHaveBeenSent'],
    revive: (error) => {
      const signature = readStringDetail(error, 'signature')
      return signature !== undefined
        ? new BroadcastUncertainError({ signature })
        : new BroadcastUncertainError({
            hash: (readStringDetail(error, 'hash') ?? '0x') as `0x${string}`,
            nonce: readNumberDetail(error, 'nonce') ?? -1,
          })
    },
  },
  ChainMismatchError: {
    revive: () =>
      new ChainMismatchError({ kind: 'request', requestedChainId: unknown, activeChainId: -1 }),
  },
  ChainNotSupportedError: { revive: () => new ChainNotSupportedError() },
  ChainRequestFailedError: {
    fields: ['mayHaveBeenSent'],
    revive: (error) =>
      new ChainRequestFailedError({
        code: typeof error.code === 'number' ? error.code : undefined,
        message: error.message,
        // Only a definite "not sent" is carried; anything else says nothing about a send.
        mayHaveBeenSent: error.details?.mayHaveBeenSent === false ? false : undefined,
      }),
  },
  ChainTimeoutError: { revive: () => new ChainTimeoutError({ method: unknown, timeoutMs: 0 }) },
  DeviceProofNonceError: { revive: () => new DeviceProofNonceError({ reason: unknown }) },
  EmailDeliveryFailedError: { revive: () => new EmailDeliveryFailedError() },
  EmailInUseError: { revive: () => new EmailInUseError() },
  EstimateGasFailedError: { revive: () => new EstimateGasFailedError() },
  FarcasterIdentityInUseError: {
    fields: ['fid'],
    revive: (error) =>
      new FarcasterIdentityInUseError({ fid: readNumberDetail(error, 'fid') ?? 0 }),
  },
  FarcasterLoginInvalidError: {
    revive: () => new FarcasterLoginInvalidError({ reason: unknown }),
  },
  FarcasterRelayError: {
    fields: ['reason'],
    revive: (error) =>
      new FarcasterRelayError({ reason: readStringDetail(error, 'reason') ?? unknown }),
  },
  FarcasterVerificationError: {
    fields: ['reason'],
    revive: (error) => {
      const reason = readStringDetail(error, 'reason')
      const known = farcasterVerificationFailures.find((failure) => failure === reason)
      return new FarcasterVerificationError({ reason: known ?? 'SIGNATURE' })
    },
  },
  FeeCapExceededError: {
    revive: () => new FeeCapExceededError({ amount: unknown, limit: unknown }),
  },
  InvalidDeviceProofError: { revive: () => new InvalidDeviceProofError({ reason: unknown }) },
  InvalidOtpError: {
    fields: ['attemptsLeft'],
    revive: (error) =>
      new InvalidOtpError({ attemptsLeft: readNumberDetail(error, 'attemptsLeft') }),
  },
  InvalidRequestError: {
    revive: (error) =>
      new InvalidRequestError({ reason: error.message.replace(/^Invalid request: /, '') }),
  },
  InvalidSecondFactorError: {
    fields: ['reason'],
    revive: (error) => {
      const reason = readStringDetail(error, 'reason')
      const known = secondFactorFailures.find((failure) => failure === reason)
      return new InvalidSecondFactorError({ reason: known ?? 'CODE' })
    },
  },
  InvalidWalletSecretError: {
    fields: ['problem', 'position'],
    revive: (error) => {
      const problem = readStringDetail(error, 'problem')
      const position = readNumberDetail(error, 'position')
      return new InvalidWalletSecretError({
        problem: walletSecretProblems.find((known) => known === problem) ?? 'WORD_COUNT',
        ...(position === undefined ? {} : { position }),
      })
    },
  },
  InvalidSessionError: { revive: () => new InvalidSessionError() },
  LastLoginError: { revive: () => new LastLoginError() },
  OriginNotAllowedError: { revive: () => new OriginNotAllowedError({ origin: unknown }) },
  OtpAttemptsExceededError: { revive: () => new OtpAttemptsExceededError() },
  OtpExpiredError: { revive: () => new OtpExpiredError() },
  PasskeyChallengeError: { revive: () => new PasskeyChallengeError() },
  PasskeyRemovalError: {
    fields: ['reason'],
    revive: (error) => {
      const reason = readStringDetail(error, 'reason')
      const known = passkeyRemovalFailures.find((failure) => failure === reason)
      return new PasskeyRemovalError({ reason: known ?? 'NOT_FOUND' })
    },
  },
  PasskeyVerificationError: {
    fields: ['reason'],
    revive: (error) => {
      const reason = readStringDetail(error, 'reason')
      const known = passkeyFailures.find((failure) => failure === reason)
      return new PasskeyVerificationError({ reason: known ?? 'SIGNATURE' })
    },
  },
  ProjectNotFoundError: { revive: () => new ProjectNotFoundError({ projectId: unknown }) },
  RateLimitedError: {
    fields: ['retryAfter', 'retryAfterMs'],
    revive: (error) => {
      const ms = readNumberDetail(error, 'retryAfterMs')
      return ms === undefined
        ? new RateLimitedError({ retryAfter: readNumberDetail(error, 'retryAfter') ?? 1 })
        : new RateLimitedError({ retryAfterMs: ms })
    },
  },
  ResponseTooLargeError: { revive: () => new ResponseTooLargeError({ maxBytes: 0 }) },
  RpcMethodNotAllowedError: { revive: () => new RpcMethodNotAllowedError({ method: unknown }) },
  SecondFactorRequiredError: {
    fields: ['action', 'reason'],
    revive: (error) => {
      const action = readStringDetail(error, 'action')
      const reason = readStringDetail(error, 'reason')
      return new SecondFactorRequiredError({
        action: secondFactorActions.find((known) => known === action) ?? 'export',
        reason: secondFactorRefusals.find((known) => known === reason) ?? 'MISSING',
      })
    },
  },
  SmartAccountNotSupportedError: { revive: () => new SmartAccountNotSupportedError() },
  SocialEmailNeedsProofError: {
    fields: ['email', 'provider'],
    revive: (error) =>
      new SocialEmailNeedsProofError({
        email: readStringDetail(error, 'email') ?? unknown,
        provider: readStringDetail(error, 'provider') ?? unknown,
      }),
  },
  SocialIdTokenError: {
    fields: ['reason'],
    revive: (error) => {
      const reason = readStringDetail(error, 'reason')
      const known = socialIdTokenFailures.find((failure) => failure === reason)
      return new SocialIdTokenError({ reason: known ?? 'SIGNATURE' })
    },
  },
  SocialLoginCancelledError: { revive: () => new SocialLoginCancelledError() },
  SocialProviderError: {
    fields: ['reason'],
    revive: (error) =>
      new SocialProviderError({ reason: readStringDetail(error, 'reason') ?? unknown }),
  },
  SocialProviderNotConfiguredError: {
    fields: ['provider'],
    revive: (error) =>
      new SocialProviderNotConfiguredError({
        provider: readStringDetail(error, 'provider') ?? unknown,
      }),
  },
  SocialIdentityInUseError: {
    fields: ['provider'],
    revive: (error) =>
      new SocialIdentityInUseError({ provider: readStringDetail(error, 'provider') ?? unknown }),
  },
  SocialRedirectUnavailableError: {
    fields: ['reason'],
    revive: (error) =>
      new SocialRedirectUnavailableError({ reason: readStringDetail(error, 'reason') ?? unknown }),
  },
  SocialResultInvalidError: { revive: () => new SocialResultInvalidError({ reason: unknown }) },
  SocialStateError: { revive: () => new SocialStateError() },
  WalletImportError: {
    fields: ['reason'],
    revive: (error) => {
      const reason = readStringDetail(error, 'reason')
      const known = walletImportFailures.find((failure) => failure === reason)
      return new WalletImportError({ reason: known ?? 'CHANGED' })
    },
  },
  ...commerceErrorRegistry,
}
