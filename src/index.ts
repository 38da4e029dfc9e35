/**
 * Latchkey's framework-free core: errors, schemas, state machines and stores, formatting, CAIP,
 * networks and storage. No React and no DOM access at import time.
 * @example
 * import { parseOptions, formatBalance, createRouterStore } from 'latchkey'
 */

export {
  type CreateEmailLoginFlowParameters,
  createEmailLoginFlow,
  type EmailLoginFlow,
  type EmailLoginFlowApi,
} from './embedded/createEmailLoginFlow'
export {
  type CreateFrameProviderParameters,
  createFrameProvider,
  type FrameApproval,
  type FrameProvider,
  type FrameProviderEvents,
  type FrameProviderRequest,
} from './embedded/createFrameProvider'
export { rpcNotAllowedMessage, toProviderRpcError } from './embedded/toProviderRpcError'
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
// Device-bound sessions (docs/device-proof.md): the server's 401 answers to a bad device proof.
export {
  DeviceProofNonceError,
  type DeviceProofNonceErrorType,
} from './errors/DeviceProofNonceError'
export { defaultDocsBaseUrl, getDocsUrl, setDocsBaseUrl } from './errors/docsBaseUrl'
// Embedded wallet (host side): EIP-1193 over the frame, email login flow.
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
// Embedded wallet frame: the strict host-side channel and its message schemas.
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
// Sign-in with X (SIWX): messages, adapters, sessions and the sign-in machine.
export {
  InvalidSiwxMessageError,
  type InvalidSiwxMessageErrorType,
  type InvalidSiwxMessageReason,
} from './errors/InvalidSiwxMessageError'
// WalletConnect: pairing URIs, the pairing state, wallet links per platform.
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
  SwitchNetworkFailedError,
  type SwitchNetworkFailedErrorType,
} from './errors/SwitchNetworkFailedError'
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
export { createFrameClient } from './frame/createFrameClient'
export type {
  FrameClient,
  FrameClientEvents,
  FrameClientParameters,
  FrameClientStats,
  FrameRequestArgs,
  FrameRequestOptions,
} from './frame/frameClientTypes'
export {
  connectRequestTypes,
  defaultFrameTimeouts,
  type FrameTimeouts,
  getFrameRequestTimeout,
  noReadyWaitRequestTypes,
} from './frame/frameTimeouts'
export { getFrameSrc } from './frame/getFrameSrc'
export {
  type ConnectEmailAction,
  type EmailLoginEvent,
  type EmailLoginState,
  type EmailLoginStatus,
  emailLoginCooldown,
  emailLoginReducer,
  getEmailLoginCooldownMessage,
  getEmailLoginCooldownSeconds,
  type InitialEmailLoginStateParameters,
  initialEmailLoginState,
  isEmailLoginBusy,
  type UpdateEmailAction,
} from './machines/emailLogin'
export {
  initialModalState,
  type ModalEvent,
  type ModalState,
  modalReducer,
  shakeDuration,
} from './machines/modal'
export {
  canGoBack,
  getCurrentRoute,
  getStartView,
  initialRouterState,
  type RouteData,
  type RouteEntry,
  type RouterEvent,
  type RouterState,
  type RouterTransition,
  routerReducer,
  type StartViewParameters,
  type TxEntry,
  type ViewName,
} from './machines/router'
export {
  type InitialSiwxStateParameters,
  initialSiwxState,
  type SiwxConnection,
  type SiwxEvent,
  type SiwxState,
  type SiwxStatus,
  siwxReducer,
} from './machines/siwx'
export {
  initialToastState,
  type Toast,
  type ToastEvent,
  type ToastState,
  type ToastVariant,
  toastDuration,
  toastReducer,
  toastSwapDelay,
} from './machines/toast'
export {
  type CaipNetworkId,
  type ChainNamespace,
  chainNamespaces,
  getEvmNetwork,
  getNetwork,
  type NetworkInfo,
  networks,
} from './networks'
export {
  type FrameIncoming,
  type FrameParseResult,
  getFrameResponseRoute,
  parseFrameIncoming,
  parseFrameRequest,
} from './schemas/frame'
export { checkFrameValue, frameLimits } from './schemas/frameLimits'
export {
  type FrameRequest,
  type FrameRequestPayload,
  type FrameRequestType,
  frameRequestSchema,
  frameRequestSchemas,
  frameRequestTypes,
  isFrameRequestType,
  noFramePayloadSchema,
} from './schemas/frameRequests'
export {
  type FrameEvent,
  type FrameSuccessPayload,
  frameErrorPayloadSchema,
  frameErrorSchema,
  frameReadyEventSchema,
  frameSuccessPayloadSchemas,
  frameSuccessSchema,
} from './schemas/frameResponses'
export {
  type AllowedRpcMethod,
  allowedRpcMethods,
  approvalRpcMethods,
  type FrameRpcPayload,
  frameRpcPayloadSchema,
  isAllowedRpcMethod,
  isSafeRpcMethod,
  rpcMethodNeedsApproval,
  type SafeRpcMethod,
  safeRpcMethods,
  sendCallSchema,
  sendCallsParamsSchema,
} from './schemas/frameRpc'
export {
  type EmbeddedWalletUser,
  embeddedWalletUserSchema,
  type FrameDappMetadata,
  type FrameTheme,
  frameAccountTypeSchema,
  frameAddressSchema,
  frameChainIdSchema,
  frameDappMetadataSchema,
  frameEmailSchema,
  frameJsonSchema,
  frameOtpSchema,
  frameSocialProviderSchema,
  frameString,
  frameThemeSchema,
  frameUrlSchema,
} from './schemas/frameValues'
export {
  type LatchkeyOptions,
  optionsSchema,
  parseOptions,
  type ResolvedOptions,
  type SocialProvider,
  socialProviders,
} from './schemas/options'
export { isSiwxRequired, type SiwxOption, siwxOptionSchema } from './schemas/siwxOption'
export {
  chainNamespaceSchema,
  maxRecentWallets,
  type RecentWallet,
  recentWalletSchema,
  type StorageKey,
  type StorageValues,
  storageSchemas,
} from './schemas/storage'
export { type AssertSiwxReadyParameters, assertSiwxReady } from './siwx/assertSiwxReady'
export {
  type CreateLocalSiwxAdapterParameters,
  createLocalSiwxAdapter,
} from './siwx/createLocalSiwxAdapter'
export {
  type CreateServerSiwxAdapterParameters,
  createServerSiwxAdapter,
} from './siwx/createServerSiwxAdapter'
export { createSiwxMessage } from './siwx/createSiwxMessage'
export {
  type CreateSiwxSessionStorageParameters,
  createSiwxSessionStorage,
  type SiwxSessionStorage,
} from './siwx/createSiwxSessionStorage'
export { generateSiwxNonce } from './siwx/generateSiwxNonce'
export { parseSiwxMessage } from './siwx/parseSiwxMessage'
export type { SiwxAdapter, SiwxMessageInput, SiwxUnsignedMessage } from './siwx/SiwxAdapter'
export { siwxFieldLimits } from './siwx/siwxFieldLimits'
export {
  siwxMessageSchema,
  siwxNonceResponseSchema,
  siwxSessionResponseSchema,
  siwxSessionSchema,
  siwxVerifyResponseSchema,
} from './siwx/siwxSchemas'
export {
  addSiwxSession,
  getSiwxSessions,
  isSameSiwxAddress,
  isSiwxSessionExpired,
  isSiwxSessionFor,
  removeSiwxSessions,
} from './siwx/siwxSessions'
export type { SiwxAccount, SiwxCacao, SiwxMessage, SiwxSession } from './siwx/types'
export { type ValidateSiwxMessageParameters, validateSiwxMessage } from './siwx/validateSiwxMessage'
export { addRecentWallet } from './storage/addRecentWallet'
export {
  type CreateStorageParameters,
  createStorage,
  type LatchkeyStorage,
  type StorageLike,
} from './storage/createStorage'
export { createModalStore, type ModalStore } from './stores/createModalStore'
export {
  type CreateRouterStoreParameters,
  createRouterStore,
  type RouterStore,
} from './stores/createRouterStore'
export {
  type CreateSiwxStoreParameters,
  createSiwxStore,
  type SiwxStore,
  type SiwxStoreState,
} from './stores/createSiwxStore'
export { createToastStore, type ToastStore } from './stores/createToastStore'
export { isAddress, isEvmAddress, isSolanaAddress } from './utils/address'
export {
  type CaipAddress,
  isCaipAddress,
  isCaipNetworkId,
  type ParsedCaipAddress,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './utils/caip'
export { getExplorerAddressUrl, getExplorerTransactionUrl } from './utils/explorer'
export {
  formatBalance,
  formatNumber,
  formatQuantity,
  formatUsd,
  type NumericValue,
  truncateAddress,
} from './utils/format'
export { isTransactionHash } from './utils/hash'
export { parseErrorMessage } from './utils/parseErrorMessage'
export { isSafeDeepLinkUrl, isSafeImageUrl, isSafeLinkUrl, maxDataImageLength } from './utils/url'
export { version } from './version'
export {
  type BuildWalletLinkParameters,
  buildWalletLink,
  isAllowedWalletLink,
  toLinkBase,
  type WalletLink,
  type WalletLinkKind,
  type WalletLinks,
} from './walletconnect/buildWalletLink'
export { detectPlatform, shouldReusePairing, type WcPlatform } from './walletconnect/detectPlatform'
export { isWcUri, maxWcUriLength, parseWcUri, type WcUri } from './walletconnect/parseWcUri'
export {
  getShowableUri,
  initialWcState,
  isPairingExpired,
  needsFreshUri,
  pairingExpiryMarginMs,
  pairingExpiryMs,
  type WcEvent,
  type WcLinking,
  type WcState,
  type WcStatus,
  wcReducer,
} from './walletconnect/wcReducer'
