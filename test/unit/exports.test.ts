import { expect, test, vi } from 'vitest'

// Importing an entry's sources takes seconds on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000 })

// The public API of each entry. A change here is a change users see: update with `vitest run -u`
// only on purpose, and note it in CHANGELOG.md.
async function exportNames(load: () => Promise<Record<string, unknown>>) {
  return Object.keys(await load()).sort()
}

test('latchkey', async () => {
  expect(await exportNames(() => import('../../src/index'))).toMatchInlineSnapshot(`
    [
      "BaseError",
      "ChainNotSupportedError",
      "ConnectTimeoutError",
      "ConnectionFailedError",
      "DeviceProofNonceError",
      "EmailLoginCooldownError",
      "EmbeddedWalletNotConnectedError",
      "EstimateGasFailedError",
      "FrameDisconnectedError",
      "FrameLoadError",
      "FrameNotMountedError",
      "FrameProtocolError",
      "FrameRequestAbortedError",
      "FrameRequestError",
      "FrameRpcNotAllowedError",
      "FrameTimeoutError",
      "InvalidCaipAddressError",
      "InvalidCaipNetworkIdError",
      "InvalidDeviceProofError",
      "InvalidErrorPayloadError",
      "InvalidFrameUrlError",
      "InvalidOtpError",
      "InvalidSessionError",
      "InvalidSiwxMessageError",
      "InvalidWcUriError",
      "MissingPeerDependencyError",
      "NoAccountsFoundError",
      "NoActiveCaipAddressError",
      "NoActiveCaipNetworkError",
      "NoConnectionClientError",
      "OnrampAmountError",
      "OnrampNotSupportedError",
      "OnrampProviderError",
      "OnrampSessionFinalError",
      "OnrampSessionNotFoundError",
      "OnrampWebhookSignatureError",
      "OptionsValidationError",
      "OtpAttemptsExceededError",
      "OtpExpiredError",
      "RateLimitedError",
      "RelayUnreachableError",
      "RpcMethodNotAllowedError",
      "SignMessageFailedError",
      "SiwxNotConfiguredError",
      "SiwxNotEnabledError",
      "SiwxResponseError",
      "SiwxServerError",
      "SiwxVerificationError",
      "SmartAccountNotSupportedError",
      "SwapInsufficientBalanceError",
      "SwapNoLiquidityError",
      "SwapProviderError",
      "SwapProviderUnauthorizedError",
      "SwapQuoteUnsafeError",
      "SwapSimulationFailedError",
      "SwitchNetworkFailedError",
      "WalletConnectPairingCancelledError",
      "WalletConnectPairingReplacedError",
      "WalletConnectRequestExpiredError",
      "WalletConnectSessionNotFoundError",
      "checkSwapBuild",
      "createLocalSiwxAdapter",
      "createOneInchSwapProvider",
      "createOnrampClient",
      "createServerSiwxAdapter",
      "createSiwxMessage",
      "createSwapProviderFromOption",
      "createZeroExSwapProvider",
      "defaultSlippageBps",
      "executeSwap",
      "isFinalOnrampStatus",
      "isSwapChain",
      "isUserRejection",
      "nativeTokenAddress",
      "parseOptions",
      "parseSiwxMessage",
      "setDocsBaseUrl",
      "swapChainIds",
      "version",
    ]
  `)
})

test('latchkey/connectors', async () => {
  expect(await exportNames(() => import('../../connectors/index'))).toMatchInlineSnapshot(`
    [
      "embeddedWallet",
      "getEmbeddedWalletApi",
      "getWalletList",
      "isDisplayUriMessage",
      "isEmbeddedWalletMessage",
      "walletConnectCloudRelayUrl",
    ]
  `)
})

test('latchkey/connectors/socialReturn', async () => {
  expect(await exportNames(() => import('../../connectors/socialReturn'))).toMatchInlineSnapshot(`
    [
      "handleSocialReturn",
    ]
  `)
})

test('latchkey/connectors/walletConnect', async () => {
  expect(await exportNames(() => import('../../connectors/walletConnect'))).toMatchInlineSnapshot(`
    [
      "isDisplayUriMessage",
      "isRequestExpiredMessage",
      "walletConnect",
      "walletConnectCloudRelayUrl",
    ]
  `)
})

test('latchkey/solana', async () => {
  expect(await exportNames(() => import('../../connectors/solana/index'))).toMatchInlineSnapshot(`
    [
      "InvalidCommitmentError",
      "InvalidSolanaAddressError",
      "InvalidSolanaClusterError",
      "SolanaConfirmationTimeoutError",
      "SolanaFeatureNotSupportedError",
      "SolanaTransactionFailedError",
      "SolanaWalletNotConnectedError",
      "SolanaWalletNotFoundError",
      "SolanaWalletRequestError",
      "createSolanaAdapter",
      "isSolanaAddress",
      "parseCommitment",
      "parseSolanaAddress",
      "solanaClusters",
    ]
  `)
})

test('latchkey/react', async () => {
  expect(await exportNames(() => import('../../ui/index'))).toMatchInlineSnapshot(`
    [
      "ConnectButton",
      "ConnectModal",
      "LatchkeyProvider",
      "SolanaProvider",
      "darkTheme",
      "lightTheme",
      "preloadModal",
      "themeToStyle",
      "useActivity",
      "useEmailLogin",
      "useModal",
      "useNfts",
      "useOnrampOptions",
      "useOnrampQuotes",
      "useOnrampSession",
      "useOnrampStatus",
      "useReceive",
      "useSend",
      "useSiwx",
      "useSocialLogin",
      "useSolanaAccount",
      "useSolanaBalance",
      "useSolanaCluster",
      "useSolanaConnect",
      "useSolanaDisconnect",
      "useSolanaSendTransaction",
      "useSolanaSignMessage",
      "useSolanaSignTransaction",
      "useSolanaTokenBalances",
      "useSolanaWallets",
      "useSwap",
      "useSwapBuild",
      "useSwapQuote",
      "useSwapTokens",
      "useTokenBalances",
      "useWalletConnect",
      "useWalletDirectory",
      "useWallets",
    ]
  `)
})

test('latchkey/server', async () => {
  expect(await exportNames(() => import('../../server/index'))).toMatchInlineSnapshot(`
    [
      "createConsoleMailer",
      "createLatchkeyServer",
      "createLibsqlStorage",
      "createMemoryNonceStore",
      "createSmtpMailer",
      "createStorageNonceStore",
      "forwardedMethods",
      "migrations",
      "parseServerOptions",
      "verifySiwx",
    ]
  `)
})

test('behavior: ui/hooks/ holds only the hooks latchkey/react exports', async () => {
  // A hook the modal uses internally lives beside its users (ui/context/, ui/modal/, ui/), so
  // the folder a user browses for the headless API shows exactly that API.
  const { readdirSync } = await import('node:fs')
  const hooksDir = new URL('../../ui/hooks/', import.meta.url)
  const files = readdirSync(hooksDir).filter((file) => !/\.test\.tsx?$/.test(file))
  const exported = new Set(await exportNames(() => import('../../ui/index')))
  expect(files.length).toBeGreaterThan(0)
  expect(files.filter((file) => !exported.has(file.replace(/\.tsx?$/, '')))).toEqual([])
})
