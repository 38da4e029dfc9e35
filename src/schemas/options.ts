import { z } from 'zod'
import type { OptionsValidationError } from '../errors/OptionsValidationError'
import { isCaipNetworkId } from '../utils/caip'
import { isSafeDeepLinkUrl, isSafeImageUrl, isSafeLinkUrl } from '../utils/url'
import { toOptionsValidationError } from './toOptionsValidationError'

/** Social login providers (SPEC §5, plus Farcaster). */
export const socialProviders = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
] as const

/** A social login provider. */
export type SocialProvider = (typeof socialProviders)[number]

const httpsUrl = z.string().refine(isSafeLinkUrl, 'Expected an https: URL.')
const imageUrl = z
  .string()
  .refine(isSafeImageUrl, 'Expected an https: URL or a data:image/ URI of at most 128 KB.')
const deepLink = z
  .string()
  .refine(isSafeDeepLinkUrl, 'Expected an https: URL or an app scheme such as "metamask://".')
// The dapp's own URL may be http://localhost while developing.
const appUrl = z
  .string()
  .refine(
    (url) => isSafeLinkUrl(url) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/|$)/.test(url),
    'Expected an https: URL (or http://localhost).',
  )
// Theme values end up in CSS: refuse characters that could close a declaration or a rule.
const cssValue = z.string().regex(/^[^;{}<>\\]*$/, 'Expected a CSS value without ; { } < > or \\.')

function orderedList<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .array(z.enum(values))
    .refine((list) => new Set(list).size === list.length, 'Expected each value at most once.')
    .default([...values])
}

const featuresSchema = z
  .strictObject({
    /** @default true */
    email: z.boolean().default(true),
    /** @default ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] */
    socials: z
      .union([z.array(z.enum(socialProviders)), z.literal(false)])
      .default([...socialProviders]),
    /** @default true */
    emailShowWallets: z.boolean().default(true),
    /** @default true */
    allWallets: z.boolean().default(true),
    /** @default true */
    receive: z.boolean().default(true),
    /** @default true */
    send: z.boolean().default(true),
    /** @default true */
    swaps: z.boolean().default(true),
    /** @default true */
    onramp: z.boolean().default(true),
    /** @default true */
    history: z.boolean().default(true),
    /** @default true */
    analytics: z.boolean().default(true),
    /** @default false */
    legalCheckbox: z.boolean().default(false),
    /** @default false */
    smartSessions: z.boolean().default(false),
    /** @default false */
    collapseWallets: z.boolean().default(false),
    /** @default false */
    pay: z.boolean().default(false),
    /** @default ['email', 'social', 'wallet'] */
    connectMethodsOrder: orderedList(['email', 'social', 'wallet']),
    /** @default ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] */
    connectorTypeOrder: orderedList([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ]),
    /** @default ['onramp', 'swaps', 'receive', 'send'] */
    walletFeaturesOrder: orderedList(['onramp', 'swaps', 'receive', 'send']),
  })
  .prefault({})

const metadataSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  url: appUrl.optional(),
  icons: z.array(imageUrl).optional(),
})

const customWalletSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  homepage: httpsUrl.optional(),
  imageUrl: imageUrl.optional(),
  mobileLink: deepLink.optional(),
  desktopLink: deepLink.optional(),
  webappLink: httpsUrl.optional(),
  rdns: z.string().min(1).optional(),
})

const themeVariablesSchema = z
  .strictObject({
    accent: cssValue.optional(),
    background: cssValue.optional(),
    fontFamily: cssValue.optional(),
    /** @default '10px' */
    fontSizeMaster: cssValue.default('10px'),
    /** @default '4px' */
    borderRadiusMaster: cssValue.default('4px'),
    /** @default 999 */
    zIndex: z.number().int().min(0).default(999),
    colorMix: cssValue.optional(),
    /** @default 0 */
    colorMixStrength: z.number().min(0).max(100).default(0),
  })
  .prefault({})

const accountType = z.enum(['eoa', 'smartAccount'])

const defaultAccountTypesSchema = z
  .strictObject({
    /** @default 'eoa' (DESIGN.md: the embedded wallet is an EOA by default; smart accounts are opt-in) */
    eip155: accountType.default('eoa'),
    /** @default 'eoa' */
    solana: accountType.default('eoa'),
    /** @default 'payment' */
    bip122: z.enum(['payment', 'ordinal', 'stx']).default('payment'),
    /** @default 'eoa' */
    polkadot: accountType.default('eoa'),
  })
  .prefault({})

const walletIds = z.array(z.string().min(1)).default([])

/** Schema of `LatchkeyOptions`; strict at every level, so a misspelt key fails. */
export const optionsSchema = z
  .strictObject({
    projectId: z.string().min(1).optional(),
    metadata: metadataSchema.optional(),
    features: featuresSchema,
    /** @default 'show' */
    allWallets: z.enum(['show', 'hide', 'only-mobile']).default('show'),
    /** @default [] */
    customWallets: z.array(customWalletSchema).default([]),
    /** @default [] */
    featuredWalletIds: walletIds,
    /** @default [] */
    includeWalletIds: walletIds,
    /** @default [] */
    excludeWalletIds: walletIds,
    termsConditionsUrl: httpsUrl.optional(),
    privacyPolicyUrl: httpsUrl.optional(),
    /** @default 'dark' */
    themeMode: z.enum(['dark', 'light']).default('dark'),
    themeVariables: themeVariablesSchema,
    defaultAccountTypes: defaultAccountTypesSchema,
    /** @default false */
    allowUnsupportedChain: z.boolean().default(false),
    /** @default true */
    enableNetworkSwitch: z.boolean().default(true),
    /** @default false */
    enableEmbedded: z.boolean().default(false),
    /** @default false */
    manualWCControl: z.boolean().default(false),
    defaultNetwork: z
      .string()
      .refine(isCaipNetworkId, 'Expected a CAIP-2 network id such as "eip155:1".')
      .optional(),
    /** @default false */
    debug: z.boolean().default(false),
  })
  .prefault({})

/** Options a host passes to `LatchkeyProvider`; every field is optional. */
export type LatchkeyOptions = z.input<typeof optionsSchema>

/** Options after parsing, with every default filled in. */
export type ResolvedOptions = z.output<typeof optionsSchema>

/** Validates options and fills in defaults; throws {@link OptionsValidationError} on the first problem. */
export function parseOptions(input?: LatchkeyOptions): ResolvedOptions {
  const result = optionsSchema.safeParse(input, { reportInput: true })
  if (result.success) return result.data
  const issue = result.error.issues[0] ?? { code: 'custom', path: [], message: 'Invalid options' }
  throw toOptionsValidationError(issue)
}
