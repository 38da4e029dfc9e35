import { expect, test } from 'vitest'

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
      "ConnectorTypeNotFoundError",
      "EstimateGasFailedError",
      "InvalidAddressError",
      "InvalidCaipAddressError",
      "InvalidCaipNetworkIdError",
      "InvalidSiwxMessageError",
      "NoAccountsFoundError",
      "NoActiveCaipAddressError",
      "NoActiveCaipNetworkError",
      "NoConnectionClientError",
      "OptionsValidationError",
      "ProviderNotFoundError",
      "ProviderUndefinedError",
      "SignMessageFailedError",
      "SiwxNotEnabledError",
      "SiwxResponseError",
      "SiwxVerificationError",
      "SwitchNetworkFailedError",
      "UnsupportedProviderTypeError",
      "addRecentWallet",
      "addSiwxSession",
      "assertSiwxReady",
      "canGoBack",
      "chainNamespaceSchema",
      "chainNamespaces",
      "createLocalSiwxAdapter",
      "createModalStore",
      "createRouterStore",
      "createServerSiwxAdapter",
      "createSiwxMessage",
      "createSiwxSessionStorage",
      "createStorage",
      "createToastStore",
      "formatBalance",
      "formatNumber",
      "formatQuantity",
      "formatUsd",
      "generateSiwxNonce",
      "getCurrentRoute",
      "getEvmNetwork",
      "getExplorerAddressUrl",
      "getExplorerTransactionUrl",
      "getNetwork",
      "getSiwxSessions",
      "getStartView",
      "initialModalState",
      "initialRouterState",
      "initialSiwxState",
      "initialToastState",
      "isAddress",
      "isCaipAddress",
      "isCaipNetworkId",
      "isEvmAddress",
      "isSafeDeepLinkUrl",
      "isSafeImageUrl",
      "isSafeLinkUrl",
      "isSameSiwxAddress",
      "isSiwxSessionExpired",
      "isSiwxSessionFor",
      "isSolanaAddress",
      "isTransactionHash",
      "maxDataImageLength",
      "maxRecentWallets",
      "modalReducer",
      "networks",
      "optionsSchema",
      "parseCaipAddress",
      "parseCaipNetworkId",
      "parseErrorMessage",
      "parseOptions",
      "parseSiwxMessage",
      "recentWalletSchema",
      "removeSiwxSessions",
      "routerReducer",
      "shakeDuration",
      "siwxFieldLimits",
      "siwxMessageSchema",
      "siwxNonceResponseSchema",
      "siwxReducer",
      "siwxSessionResponseSchema",
      "siwxSessionSchema",
      "siwxVerifyResponseSchema",
      "socialProviders",
      "storageSchemas",
      "toCaipAddress",
      "toCaipNetworkId",
      "toastDuration",
      "toastReducer",
      "toastSwapDelay",
      "truncateAddress",
      "validateSiwxMessage",
      "version",
    ]
  `)
})

test('latchkey/connectors', async () => {
  expect(await exportNames(() => import('../../connectors/index'))).toMatchInlineSnapshot(`
    [
      "getWalletList",
    ]
  `)
})

test('latchkey/react', async () => {
  expect(await exportNames(() => import('../../ui/index'))).toMatchInlineSnapshot(`
    [
      "ConnectButton",
      "ConnectModal",
      "LatchkeyProvider",
      "darkTheme",
      "lightTheme",
      "preloadModal",
      "themeToStyle",
      "useModal",
      "useWallets",
    ]
  `)
})
