import * as z from 'zod/mini'
import { isCaipNetworkId } from '../utils/caip'
import { featureDefaults } from './featureDefaults'
import { optionDefaults } from './optionDefaults'
import {
  appUrl,
  bool,
  cssValue,
  deepLink,
  httpsUrl,
  imageUrl,
  nonEmpty,
  orderedList,
} from './optionValues'
import { siwxOptionSchema } from './siwxOptionSchema'
import { socialProviders } from './socialProviders'

const featuresSchema = z.prefault(
  z.strictObject({
    /** @default true */
    email: bool(featureDefaults.email),
    /** @default ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] */
    socials: z._default(z.union([z.array(z.enum(socialProviders)), z.literal(false)]), () => [
      ...socialProviders,
    ]),
    /** @default true */
    emailShowWallets: bool(featureDefaults.emailShowWallets),
    /** @default true */
    allWallets: bool(featureDefaults.allWallets),
    /** @default true */
    receive: bool(featureDefaults.receive),
    /** @default true */
    send: bool(featureDefaults.send),
    /** @default true */
    swaps: bool(featureDefaults.swaps),
    /** @default true */
    onramp: bool(featureDefaults.onramp),
    /** @default true */
    history: bool(featureDefaults.history),
    /** @default true */
    analytics: bool(featureDefaults.analytics),
    /** @default false */
    legalCheckbox: bool(featureDefaults.legalCheckbox),
    /** @default false */
    smartSessions: bool(featureDefaults.smartSessions),
    /** @default false */
    collapseWallets: bool(featureDefaults.collapseWallets),
    /** @default false */
    pay: bool(featureDefaults.pay),
    /** @default ['email', 'social', 'wallet'] */
    connectMethodsOrder: orderedList(featureDefaults.connectMethodsOrder),
    /** @default ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] */
    connectorTypeOrder: orderedList(featureDefaults.connectorTypeOrder),
    /** @default ['onramp', 'swaps', 'receive', 'send'] */
    walletFeaturesOrder: orderedList(featureDefaults.walletFeaturesOrder),
  }),
  {},
)

const metadataSchema = z.strictObject({
  name: nonEmpty(),
  description: z.optional(z.string()),
  url: z.optional(appUrl),
  icons: z.optional(z.array(imageUrl)),
})

const customWalletSchema = z.strictObject({
  id: nonEmpty(),
  name: nonEmpty(),
  homepage: z.optional(httpsUrl),
  imageUrl: z.optional(imageUrl),
  mobileLink: z.optional(deepLink),
  desktopLink: z.optional(deepLink),
  webappLink: z.optional(httpsUrl),
  rdns: z.optional(nonEmpty()),
})

const themeVariablesSchema = z.prefault(
  z.strictObject({
    accent: z.optional(cssValue),
    background: z.optional(cssValue),
    fontFamily: z.optional(cssValue),
    /** @default '10px' */
    fontSizeMaster: z._default(cssValue, optionDefaults.themeVariables.fontSizeMaster),
    /** @default '4px' */
    borderRadiusMaster: z._default(cssValue, optionDefaults.themeVariables.borderRadiusMaster),
    /** @default 999 */
    zIndex: z._default(z.int().check(z.minimum(0)), optionDefaults.themeVariables.zIndex),
    colorMix: z.optional(cssValue),
    /** @default 0 */
    colorMixStrength: z._default(z.number().check(z.minimum(0), z.maximum(100)), 0),
  }),
  {},
)

const accountType = z.enum(['eoa', 'smartAccount'])

const defaultAccountTypesSchema = z.prefault(
  z.strictObject({
    /** @default 'eoa' (DESIGN.md: the embedded wallet is an EOA by default; smart accounts are opt-in) */
    eip155: z._default(accountType, 'eoa'),
    /** @default 'eoa' */
    solana: z._default(accountType, 'eoa'),
    /** @default 'payment' */
    bip122: z._default(z.enum(['payment', 'ordinal', 'stx']), 'payment'),
    /** @default 'eoa' */
    polkadot: z._default(accountType, 'eoa'),
  }),
  {},
)

const walletIds = z._default(z.array(nonEmpty()), () => [])

// Analytics (SPEC §7): only to the endpoint the host names; without one nothing is sent (DESIGN.md).
const analyticsSchema = z.strictObject({
  /** Base URL of the analytics endpoint (`latchkey serve`'s, or a compatible one). */
  url: appUrl,
})

const directorySchema = z.strictObject({
  /** Base URL of the directory: https (or http://localhost while developing). */
  url: appUrl,
})

// Where the Account tabs and the account hooks read from (issue 12): a `latchkey serve` with
// `chainData`, or, without one, the chain itself for the tokens listed here.
const chainTokenSchema = z.strictObject({
  address: z
    .string()
    .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address.')),
  name: nonEmpty(),
  symbol: nonEmpty(),
  decimals: z.int().check(z.minimum(0), z.maximum(36)),
  iconUrl: z.optional(imageUrl),
})

const chainIdKey = z.string().check(z.regex(/^\d+$/, 'Expected a decimal chain id.'))
const addressValue = z
  .string()
  .check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 20-byte address.'))

// Swaps (issue 15): data only, so an app's first bundle carries no swap code; the adapters are
// made from it when the swap views or hooks load.
const swapContractsSchema = z.strictObject({
  /** Where a swap transaction may go (0x AllowanceHolder or Settler, 1inch's router). */
  targets: z
    .array(addressValue)
    .check(z.refine((targets) => targets.length > 0, 'Expected at least one target.')),
  /** What the sell token is approved to (the target itself, or Permit2). */
  spender: addressValue,
  /** The Permit2 contract, for 0x's permit2 mode. */
  permit2: z.optional(addressValue),
})

const swapOptionSchema = z.strictObject({
  /** Base URL of a `latchkey serve` started with `--swap`: https (or http://localhost while developing). */
  url: appUrl,
  /** Which of its providers quotes and builds. @default '0x' */
  provider: z._default(z.enum(['0x', '1inch']), '0x'),
  /** 0x only: approve then one transaction, or approve Permit2 and sign. @default 'allowance-holder' */
  mode: z._default(z.enum(['allowance-holder', 'permit2']), 'allowance-holder'),
  /**
   * The trusted contracts per chain id: the chains swaps are offered on (with SPEC §9's list).
   * @default the provider's published contracts (0x AllowanceHolder, 1inch's v6 router); none for 0x's permit2 mode
   */
  contracts: z.optional(z.record(chainIdKey, swapContractsSchema)),
  /** Suggested tokens per chain id, shown first in Select a token. */
  tokens: z.optional(z.record(chainIdKey, z.array(chainTokenSchema))),
  /** Slippage tolerance in basis points. @default 100 (1 %, SPEC §9) */
  slippageBps: z._default(z.int().check(z.minimum(1), z.maximum(5_000)), 100),
})

const onrampOptionSchema = z.strictObject({
  /** Base URL of a `latchkey serve` started with `--onramp`: https (or http://localhost while developing). */
  url: appUrl,
})

const chainDataSchema = z.strictObject({
  /** Base URL of a `latchkey serve` with `chainData`: https (or http://localhost while developing). */
  url: z.optional(appUrl),
  /** Tokens read from the chain per chain id when there is no `url`. */
  tokens: z.optional(
    z.record(
      z.string().check(z.regex(/^\d+$/, 'Expected a decimal chain id.')),
      z.array(chainTokenSchema),
    ),
  ),
})

/**
 * Schema of `LatchkeyOptions` (zod/mini); strict at every level, so a misspelt key fails. The
 * reference of the rules and the source of the option types: `parseOptions` applies the same
 * rules through `optionsGuard` (no zod on the modal's first open), held to this schema by tests.
 */
export const optionsSchema = z.prefault(
  z.strictObject({
    projectId: z.optional(nonEmpty()),
    metadata: z.optional(metadataSchema),
    features: featuresSchema,
    /** @default 'show' */
    allWallets: z._default(z.enum(['show', 'hide', 'only-mobile']), 'show'),
    /** @default [] */
    customWallets: z._default(z.array(customWalletSchema), () => []),
    /** @default [] */
    featuredWalletIds: walletIds,
    /** @default [] */
    includeWalletIds: walletIds,
    /** @default [] */
    excludeWalletIds: walletIds,
    termsConditionsUrl: z.optional(httpsUrl),
    privacyPolicyUrl: z.optional(httpsUrl),
    /** @default 'dark' */
    themeMode: z._default(z.enum(['dark', 'light']), optionDefaults.themeMode),
    themeVariables: themeVariablesSchema,
    defaultAccountTypes: defaultAccountTypesSchema,
    /** @default false */
    allowUnsupportedChain: bool(optionDefaults.allowUnsupportedChain),
    /** @default true */
    enableNetworkSwitch: bool(optionDefaults.enableNetworkSwitch),
    /** @default false */
    enableEmbedded: bool(optionDefaults.enableEmbedded),
    /** @default false */
    manualWCControl: bool(optionDefaults.manualWCControl),
    defaultNetwork: z.optional(
      z
        .string()
        .check(z.refine(isCaipNetworkId, 'Expected a CAIP-2 network id such as "eip155:1".')),
    ),
    /** @default false */
    debug: bool(false),
    /**
     * How long a wallet may take to answer a connect request before it fails with
     * `ConnectTimeoutError` and the modal offers a retry (plan E5).
     * @default 60000
     */
    connectTimeoutMs: z._default(
      z.int().check(z.minimum(1_000), z.maximum(600_000)),
      optionDefaults.connectTimeoutMs,
    ),
    /** Sign-in with X: an adapter implementing `SiwxAdapter` (checked, passed through as is). */
    siwx: z.optional(siwxOptionSchema),
    /**
     * Where analytics events go (`POST {url}/e`, SPEC §7). Unset: none are sent.
     * `features.analytics: false` turns them off too.
     */
    analytics: z.optional(analyticsSchema),
    /**
     * A wallet directory speaking SPEC §7's API (`latchkey serve` with its `directory` option, or
     * any compatible one): its wallets fill All Wallets (read page by page, searchable) and its
     * featured and recommended wallets join the Connect view. Absent: no directory request at all.
     */
    directory: z.optional(directorySchema),
    /**
     * Where the Account tabs (and the account hooks called without a source) read balances, NFTs
     * and activity: `url`, a `latchkey serve` with its `chainData` option; without one, balances
     * come from the chain (native plus `tokens`, one multicall) and activity lists the modal's
     * own sends. Absent: the native balance only.
     */
    chainData: z.optional(chainDataSchema),
    /**
     * Swaps (issue 15): a `latchkey serve` forwarding a provider's quotes (`--swap`), and the
     * contracts trusted per chain. Absent: no Swap entry, and the swap hooks are disabled.
     */
    swap: z.optional(swapOptionSchema),
    /**
     * Buy with card (issue 15): a `latchkey serve` with `--onramp`, whose providers the modal
     * offers. Absent: no Buy entry, and the on-ramp hooks are disabled.
     */
    onramp: z.optional(onrampOptionSchema),
  }),
  {},
)

/** Options a host passes to `LatchkeyProvider`; every field is optional. */
export type LatchkeyOptions = z.input<typeof optionsSchema>

/** The `swap` option as a host passes it. */
export type SwapOption = z.input<typeof swapOptionSchema>

/** The `onramp` option as a host passes it. */
export type OnrampOption = z.input<typeof onrampOptionSchema>

/** Options after parsing, with every default filled in. */
export type ResolvedOptions = z.output<typeof optionsSchema>
