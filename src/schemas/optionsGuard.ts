import { isCaipNetworkId } from '../utils/caip'
import { isSafeDeepLinkUrl, isSafeImageUrl, isSafeLinkUrl } from '../utils/url'
import { featureDefaults } from './featureDefaults'
import {
  array,
  boolean,
  type Guard,
  nonEmpty,
  number,
  oneOf,
  optional,
  orEmpty,
  record,
  strictObject,
  string,
  withDefault,
} from './guard'
import { optionDefaults } from './optionDefaults'
import type { ResolvedOptions } from './options'
import { siwxOptionGuard } from './siwxOption'
import { socialProviders } from './socialProviders'

// The same rules as `optionsSchema` (./options, zod), key for key and in the same order, without
// zod: the modal checks options with this on first open. `optionsGuard.test.ts` holds the two to
// the same answers with fast-check; a key added to one and not the other fails it.

const httpsUrl = string([isSafeLinkUrl, 'Expected an https: URL.'])
const imageUrl = string([
  isSafeImageUrl,
  'Expected an https: URL or a data:image/ URI of at most 128 KB.',
])
const deepLink = string([
  isSafeDeepLinkUrl,
  'Expected an https: URL or an app scheme such as "metamask://".',
])
// The dapp's own URL may be http://localhost while developing.
const appUrl = string([
  (url) => isSafeLinkUrl(url) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(url),
  'Expected an https: URL (or http://localhost).',
])
// Theme values end up in CSS: refuse characters that could close a declaration or a rule.
const cssValue = string([
  (value) => /^[^;{}<>\\]*$/.test(value),
  'Expected a CSS value without ; { } < > or \\.',
])

const orderedList = <const T extends readonly string[]>(values: T) =>
  withDefault(
    array(oneOf(values), [
      (items) => new Set(items).size === items.length,
      'Expected each value at most once.',
    ]),
    () => [...values],
  )
const flag = (value: boolean) => withDefault(boolean, () => value)
const walletIds = withDefault(array(nonEmpty), () => [])
const accountType = oneOf(['eoa', 'smartAccount'])

// `z.union([z.array(z.enum(socialProviders)), z.literal(false)])`: zod reports an invalid union
// with each branch's issues; toOptionsValidationError picks the one that got further.
const socialList = array(oneOf(socialProviders))
const socials: Guard<(typeof socialProviders)[number][] | false> = (input, path) => {
  if (input === false) return { ok: true, value: false }
  const list = socialList(input, path)
  if (list.ok) return list
  const literal = { code: 'invalid_value', values: [false], path, input, message: 'Invalid input' }
  return {
    ok: false,
    issue: {
      code: 'invalid_union',
      errors: [
        [{ ...list.issue, path: list.issue.path.slice(path.length) }],
        [{ ...literal, path: [] }],
      ],
      path,
      input,
      message: 'Invalid input',
    } as never,
  }
}

const chainIdKey: [(key: string) => boolean, string] = [
  (key) => /^\d+$/.test(key),
  'Expected a decimal chain id.',
]
const address = string([
  (value) => /^0x[0-9a-fA-F]{40}$/.test(value),
  'Expected a 0x-prefixed 20-byte address.',
])
const chainToken = strictObject({
  address,
  name: nonEmpty,
  symbol: nonEmpty,
  decimals: number({ int: true, min: 0, max: 36 }),
  iconUrl: optional(imageUrl),
})

const { themeVariables: themeDefaults } = optionDefaults

/** `LatchkeyOptions` checked and completed: the answer of `optionsSchema`, without zod. */
export const optionsGuard = orEmpty(
  strictObject({
    projectId: optional(nonEmpty),
    metadata: optional(
      strictObject({
        name: nonEmpty,
        description: optional(string()),
        url: optional(appUrl),
        icons: optional(array(imageUrl)),
      }),
    ),
    features: orEmpty(
      strictObject({
        email: flag(featureDefaults.email),
        socials: withDefault(socials, () => [...socialProviders]),
        emailShowWallets: flag(featureDefaults.emailShowWallets),
        allWallets: flag(featureDefaults.allWallets),
        receive: flag(featureDefaults.receive),
        send: flag(featureDefaults.send),
        swaps: flag(featureDefaults.swaps),
        onramp: flag(featureDefaults.onramp),
        history: flag(featureDefaults.history),
        analytics: flag(featureDefaults.analytics),
        legalCheckbox: flag(featureDefaults.legalCheckbox),
        smartSessions: flag(featureDefaults.smartSessions),
        collapseWallets: flag(featureDefaults.collapseWallets),
        pay: flag(featureDefaults.pay),
        connectMethodsOrder: orderedList(featureDefaults.connectMethodsOrder),
        connectorTypeOrder: orderedList(featureDefaults.connectorTypeOrder),
        walletFeaturesOrder: orderedList(featureDefaults.walletFeaturesOrder),
      }),
    ),
    allWallets: withDefault(oneOf(['show', 'hide', 'only-mobile']), () => 'show' as const),
    customWallets: withDefault(
      array(
        strictObject({
          id: nonEmpty,
          name: nonEmpty,
          homepage: optional(httpsUrl),
          imageUrl: optional(imageUrl),
          mobileLink: optional(deepLink),
          desktopLink: optional(deepLink),
          webappLink: optional(httpsUrl),
          rdns: optional(nonEmpty),
        }),
      ),
      () => [],
    ),
    featuredWalletIds: walletIds,
    includeWalletIds: walletIds,
    excludeWalletIds: walletIds,
    termsConditionsUrl: optional(httpsUrl),
    privacyPolicyUrl: optional(httpsUrl),
    themeMode: withDefault(oneOf(['dark', 'light']), () => optionDefaults.themeMode),
    themeVariables: orEmpty(
      strictObject({
        accent: optional(cssValue),
        background: optional(cssValue),
        fontFamily: optional(cssValue),
        fontSizeMaster: withDefault(cssValue, () => themeDefaults.fontSizeMaster),
        borderRadiusMaster: withDefault(cssValue, () => themeDefaults.borderRadiusMaster),
        zIndex: withDefault(number({ int: true, min: 0 }), () => themeDefaults.zIndex),
        colorMix: optional(cssValue),
        colorMixStrength: withDefault(number({ min: 0, max: 100 }), () => 0),
      }),
    ),
    defaultAccountTypes: orEmpty(
      strictObject({
        eip155: withDefault(accountType, () => 'eoa' as const),
        solana: withDefault(accountType, () => 'eoa' as const),
        bip122: withDefault(oneOf(['payment', 'ordinal', 'stx']), () => 'payment' as const),
        polkadot: withDefault(accountType, () => 'eoa' as const),
      }),
    ),
    allowUnsupportedChain: flag(optionDefaults.allowUnsupportedChain),
    enableNetworkSwitch: flag(optionDefaults.enableNetworkSwitch),
    enableEmbedded: flag(optionDefaults.enableEmbedded),
    manualWCControl: flag(optionDefaults.manualWCControl),
    defaultNetwork: optional(
      string([isCaipNetworkId, 'Expected a CAIP-2 network id such as "eip155:1".']),
    ),
    debug: flag(false),
    connectTimeoutMs: withDefault(
      number({ int: true, min: 1_000, max: 600_000 }),
      () => optionDefaults.connectTimeoutMs,
    ),
    siwx: optional(siwxOptionGuard),
    analytics: optional(strictObject({ url: appUrl })),
    directory: optional(strictObject({ url: appUrl })),
    chainData: optional(
      strictObject({
        url: optional(appUrl),
        tokens: optional(record(chainIdKey, array(chainToken))),
      }),
    ),
    swap: optional(
      strictObject({
        url: appUrl,
        provider: withDefault(oneOf(['0x', '1inch']), () => '0x' as const),
        mode: withDefault(
          oneOf(['allowance-holder', 'permit2']),
          () => 'allowance-holder' as const,
        ),
        contracts: optional(
          record(
            chainIdKey,
            strictObject({
              targets: array(address, [
                (targets) => targets.length > 0,
                'Expected at least one target.',
              ]),
              spender: address,
              permit2: optional(address),
            }),
          ),
        ),
        tokens: optional(record(chainIdKey, array(chainToken))),
        slippageBps: withDefault(number({ int: true, min: 1, max: 5_000 }), () => 100),
      }),
    ),
    onramp: optional(strictObject({ url: appUrl })),
  }),
) satisfies Guard<ResolvedOptions>
