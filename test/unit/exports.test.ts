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
      "NoAccountsFoundError",
      "OptionsValidationError",
      "ProviderNotFoundError",
      "ProviderUndefinedError",
      "SignMessageFailedError",
      "SwitchNetworkFailedError",
      "UnsupportedProviderTypeError",
      "addRecentWallet",
      "canGoBack",
      "chainNamespaceSchema",
      "chainNamespaces",
      "createModalStore",
      "createRouterStore",
      "createStorage",
      "createToastStore",
      "formatBalance",
      "formatNumber",
      "formatQuantity",
      "formatUsd",
      "getCurrentRoute",
      "getEvmNetwork",
      "getExplorerAddressUrl",
      "getExplorerTransactionUrl",
      "getNetwork",
      "getStartView",
      "initialModalState",
      "initialRouterState",
      "initialToastState",
      "isAddress",
      "isCaipAddress",
      "isCaipNetworkId",
      "isEvmAddress",
      "isSafeDeepLinkUrl",
      "isSafeImageUrl",
      "isSafeLinkUrl",
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
      "recentWalletSchema",
      "routerReducer",
      "shakeDuration",
      "socialProviders",
      "storageSchemas",
      "toCaipAddress",
      "toCaipNetworkId",
      "toastDuration",
      "toastReducer",
      "toastSwapDelay",
      "truncateAddress",
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
