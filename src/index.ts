/**
 * Latchkey's framework-free core: the errors every part throws, the options check, sign-in (SIWX)
 * adapters and messages, and the docs link of errors. No React and no DOM access at import time.
 * Connectors are in `latchkey/connectors`, the React modal and hooks in `latchkey/react`, the
 * server in `latchkey/server`. What is not exported here is internal and may change in any release.
 * @example
 * import { createServerSiwxAdapter, parseOptions } from 'latchkey'
 */

export { BaseError, type BaseErrorParameters, type BaseErrorType } from './errors/base'
export {
  ChainNotSupportedError,
  type ChainNotSupportedErrorType,
} from './errors/ChainNotSupportedError'
export {
  ConnectionFailedError,
  type ConnectionFailedErrorType,
} from './errors/ConnectionFailedError'
export { ConnectTimeoutError, type ConnectTimeoutErrorType } from './errors/ConnectTimeoutError'
export {
  DeviceProofNonceError,
  type DeviceProofNonceErrorType,
} from './errors/DeviceProofNonceError'
export { setDocsBaseUrl } from './errors/docsBaseUrl'
export {
  EmailLoginCooldownError,
  type EmailLoginCooldownErrorType,
} from './errors/EmailLoginCooldownError'
export {
  EmbeddedWalletNotConnectedError,
  type EmbeddedWalletNotConnectedErrorType,
} from './errors/EmbeddedWalletNotConnectedError'
export {
  EstimateGasFailedError,
  type EstimateGasFailedErrorType,
} from './errors/EstimateGasFailedError'
export {
  FrameDisconnectedError,
  type FrameDisconnectedErrorType,
} from './errors/FrameDisconnectedError'
export { FrameLoadError, type FrameLoadErrorType } from './errors/FrameLoadError'
export { FrameNotMountedError, type FrameNotMountedErrorType } from './errors/FrameNotMountedError'
export { FrameProtocolError, type FrameProtocolErrorType } from './errors/FrameProtocolError'
export {
  FrameRequestAbortedError,
  type FrameRequestAbortedErrorType,
} from './errors/FrameRequestAbortedError'
export { FrameRequestError, type FrameRequestErrorType } from './errors/FrameRequestError'
export {
  FrameRpcNotAllowedError,
  type FrameRpcNotAllowedErrorType,
} from './errors/FrameRpcNotAllowedError'
export {
  FrameTimeoutError,
  type FrameTimeoutErrorType,
  type FrameTimeoutReason,
} from './errors/FrameTimeoutError'
export {
  InvalidCaipAddressError,
  type InvalidCaipAddressErrorType,
} from './errors/InvalidCaipAddressError'
export {
  InvalidCaipNetworkIdError,
  type InvalidCaipNetworkIdErrorType,
} from './errors/InvalidCaipNetworkIdError'
export {
  InvalidDeviceProofError,
  type InvalidDeviceProofErrorType,
} from './errors/InvalidDeviceProofError'
export {
  InvalidErrorPayloadError,
  type InvalidErrorPayloadErrorType,
} from './errors/InvalidErrorPayloadError'
export { InvalidFrameUrlError, type InvalidFrameUrlErrorType } from './errors/InvalidFrameUrlError'
export { InvalidOtpError, type InvalidOtpErrorType } from './errors/InvalidOtpError'
export { InvalidSessionError, type InvalidSessionErrorType } from './errors/InvalidSessionError'
export {
  InvalidSiwxMessageError,
  type InvalidSiwxMessageErrorType,
  type InvalidSiwxMessageReason,
} from './errors/InvalidSiwxMessageError'
export {
  InvalidWcUriError,
  type InvalidWcUriErrorType,
  type InvalidWcUriReason,
} from './errors/InvalidWcUriError'
export { isUserRejection } from './errors/isUserRejection'
export {
  MissingPeerDependencyError,
  type MissingPeerDependencyErrorType,
} from './errors/MissingPeerDependencyError'
export { NoAccountsFoundError, type NoAccountsFoundErrorType } from './errors/NoAccountsFoundError'
export {
  NoActiveCaipAddressError,
  type NoActiveCaipAddressErrorType,
} from './errors/NoActiveCaipAddressError'
export {
  NoActiveCaipNetworkError,
  type NoActiveCaipNetworkErrorType,
} from './errors/NoActiveCaipNetworkError'
export {
  NoConnectionClientError,
  type NoConnectionClientErrorType,
} from './errors/NoConnectionClientError'
export {
  OnrampAmountError,
  type OnrampAmountErrorType,
} from './errors/OnrampAmountError'
export {
  OnrampNotSupportedError,
  type OnrampNotSupportedErrorType,
} from './errors/OnrampNotSupportedError'
export {
  OnrampProviderError,
  type OnrampProviderErrorType,
} from './errors/OnrampProviderError'
export {
  OnrampSessionFinalError,
  type OnrampSessionFinalErrorType,
} from './errors/OnrampSessionFinalError'
export {
  OnrampSessionNotFoundError,
  type OnrampSessionNotFoundErrorType,
} from './errors/OnrampSessionNotFoundError'
export {
  OnrampWebhookSignatureError,
  type OnrampWebhookSignatureErrorType,
} from './errors/OnrampWebhookSignatureError'
export {
  OptionsValidationError,
  type OptionsValidationErrorType,
} from './errors/OptionsValidationError'
export {
  OtpAttemptsExceededError,
  type OtpAttemptsExceededErrorType,
} from './errors/OtpAttemptsExceededError'
export { OtpExpiredError, type OtpExpiredErrorType } from './errors/OtpExpiredError'
// Errors the Latchkey server answers with (the embedded wallet shows them).
export { RateLimitedError, type RateLimitedErrorType } from './errors/RateLimitedError'
export {
  RelayUnreachableError,
  type RelayUnreachableErrorType,
} from './errors/RelayUnreachableError'
export {
  RpcMethodNotAllowedError,
  type RpcMethodNotAllowedErrorType,
} from './errors/RpcMethodNotAllowedError'
export {
  SignMessageFailedError,
  type SignMessageFailedErrorType,
} from './errors/SignMessageFailedError'
export {
  SiwxNotConfiguredError,
  type SiwxNotConfiguredErrorType,
} from './errors/SiwxNotConfiguredError'
export { SiwxNotEnabledError, type SiwxNotEnabledErrorType } from './errors/SiwxNotEnabledError'
export { SiwxResponseError, type SiwxResponseErrorType } from './errors/SiwxResponseError'
export { SiwxServerError, type SiwxServerErrorType } from './errors/SiwxServerError'
export {
  SiwxVerificationError,
  type SiwxVerificationErrorType,
  type SiwxVerificationFailure,
} from './errors/SiwxVerificationError'
export {
  SmartAccountNotSupportedError,
  type SmartAccountNotSupportedErrorType,
} from './errors/SmartAccountNotSupportedError'
export {
  SwapInsufficientBalanceError,
  type SwapInsufficientBalanceErrorType,
} from './errors/SwapInsufficientBalanceError'
export {
  SwapNoLiquidityError,
  type SwapNoLiquidityErrorType,
} from './errors/SwapNoLiquidityError'
export {
  SwapProviderError,
  type SwapProviderErrorType,
} from './errors/SwapProviderError'
export {
  SwapProviderUnauthorizedError,
  type SwapProviderUnauthorizedErrorType,
} from './errors/SwapProviderUnauthorizedError'
export {
  type SwapQuoteField,
  SwapQuoteUnsafeError,
  type SwapQuoteUnsafeErrorType,
} from './errors/SwapQuoteUnsafeError'
export {
  SwapSimulationFailedError,
  type SwapSimulationFailedErrorType,
} from './errors/SwapSimulationFailedError'
export {
  SwitchNetworkFailedError,
  type SwitchNetworkFailedErrorType,
} from './errors/SwitchNetworkFailedError'
export {
  WalletConnectPairingCancelledError,
  type WalletConnectPairingCancelledErrorType,
} from './errors/WalletConnectPairingCancelledError'
export {
  WalletConnectPairingReplacedError,
  type WalletConnectPairingReplacedErrorType,
} from './errors/WalletConnectPairingReplacedError'
export {
  WalletConnectRequestExpiredError,
  type WalletConnectRequestExpiredErrorType,
} from './errors/WalletConnectRequestExpiredError'
export {
  WalletConnectSessionNotFoundError,
  type WalletConnectSessionNotFoundErrorType,
} from './errors/WalletConnectSessionNotFoundError'
export type { EmailLoginState, EmailLoginStatus } from './machines/emailLogin'
export type { RouteData, RouteDataArgs, RouteMap, ViewName } from './machines/router'
export type { SiwxStatus } from './machines/siwx'
export type { CaipNetworkId, ChainNamespace } from './networks'
export {
  type CreateOnrampClientParameters,
  createOnrampClient,
  type OnrampClient,
} from './onramp/createOnrampClient'
export {
  isFinalOnrampStatus,
  type OnrampFiatCurrency,
  type OnrampOptions,
  type OnrampProviderInfo,
  type OnrampQuote,
  type OnrampQuoteRequest,
  type OnrampSession,
  type OnrampSessionRequest,
  type OnrampStatus,
  type OnrampToken,
} from './onramp/onrampTypes'
export type { ConnectEmailAction, UpdateEmailAction } from './schemas/embeddedWalletTypes'
export type { LatchkeyOptions, ResolvedOptions, SwapOption } from './schemas/options'
export { parseOptions } from './schemas/parseOptions'
export type { SiwxOption } from './schemas/siwxOption'
export type { SocialProvider } from './schemas/socialProviders'
export {
  type CreateLocalSiwxAdapterParameters,
  createLocalSiwxAdapter,
} from './siwx/createLocalSiwxAdapter'
export {
  type CreateServerSiwxAdapterParameters,
  createServerSiwxAdapter,
} from './siwx/createServerSiwxAdapter'
export { createSiwxMessage } from './siwx/createSiwxMessage'
export { parseSiwxMessage } from './siwx/parseSiwxMessage'
export type { SiwxAdapter, SiwxMessageInput, SiwxUnsignedMessage } from './siwx/SiwxAdapter'
export type { SiwxAccount, SiwxCacao, SiwxMessage, SiwxSession } from './siwx/types'
export { checkSwapBuild } from './swap/checkSwapBuild'
export {
  createOneInchSwapProvider,
  type OneInchSwapProviderOptions,
} from './swap/createOneInchSwapProvider'
export {
  type CreateSwapProviderFromOptionParameters,
  createSwapProviderFromOption,
} from './swap/createSwapProviderFromOption'
export {
  createZeroExSwapProvider,
  type ZeroExSwapProviderOptions,
} from './swap/createZeroExSwapProvider'
export {
  type ExecuteSwapParameters,
  executeSwap,
  type SwapProgress,
  type SwapResult,
} from './swap/executeSwap'
export { isSwapChain, swapChainIds } from './swap/swapChainIds'
export {
  defaultSlippageBps,
  nativeTokenAddress,
  type Permit2TypedData,
  type SwapBuild,
  type SwapContracts,
  type SwapProvider,
  type SwapQuote,
  type SwapRequest,
  type SwapTransaction,
} from './swap/swapTypes'
export { version } from './version'
