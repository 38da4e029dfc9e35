import { z } from 'zod'
import { isSafeDeepLinkUrl, isSafeLinkUrl } from '../../src/utils/url'

/** Ids of wallets and images: letters, digits, `_` and `-` (also safe as a file name: no dots, no slashes). */
export const directoryIdRegex = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/

/** A CAIP-2 chain id such as `eip155:1` or `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
export const caip2Regex = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

// Markup, control characters and bidi overrides: a name is shown as text, but one that needs
// them is not a wallet name.
function isPlainName(name: string): boolean {
  for (const character of name) {
    const code = character.codePointAt(0) ?? 0
    if (character === '<' || character === '>' || code < 0x20 || code === 0x7f) return false
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return false
  }
  return true
}

const id = z.string().regex(directoryIdRegex, 'Expected 1–128 letters, digits, _ or -.')

const httpsLink = z
  .string()
  .max(2048)
  .refine(isSafeLinkUrl, 'Expected an https URL (javascript:, data: and others are refused).')

const deepLink = z
  .string()
  .max(2048)
  .refine(
    isSafeDeepLinkUrl,
    'Expected https or a wallet scheme such as lantern:// (javascript:, data: and others are refused).',
  )

/** One wallet of the operator's registry file (SPEC §3 "wallet from the directory"). */
export const registryWalletSchema = z.object({
  id,
  name: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine(isPlainName, 'Must not contain HTML or control characters.'),
  /** A file of the images folder (`wallets/<image_id>.svg|png|…`), served at `/getWalletImage/<image_id>`. */
  image_id: id.optional(),
  image_url: httpsLink.optional(),
  homepage: httpsLink.optional(),
  mobile_link: deepLink.optional(),
  desktop_link: deepLink.optional(),
  webapp_link: httpsLink.optional(),
  rdns: z
    .string()
    .max(253)
    .regex(
      /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i,
      'Expected a reverse domain name such as io.example.wallet.',
    )
    .optional(),
  chains: z
    .array(z.string().regex(caip2Regex, 'Expected CAIP-2 chain ids such as eip155:1.'))
    .max(200)
    .default([]),
  /** `certified` wallets are kept by `badge_type=certified`. @default 'none' */
  badge_type: z.enum(['certified', 'none']).default('none'),
})

/** A wallet as the directory serves it. */
export type DirectoryWallet = z.output<typeof registryWalletSchema>

/** Feature switches the operator sets for every dapp (GET /appkit/v1/config); absent ones stay the client's. */
export const registryFeaturesSchema = z
  .object({
    email: z.boolean(),
    emailShowWallets: z.boolean(),
    allWallets: z.boolean(),
    receive: z.boolean(),
    send: z.boolean(),
    swaps: z.boolean(),
    onramp: z.boolean(),
    history: z.boolean(),
    analytics: z.boolean(),
    legalCheckbox: z.boolean(),
    collapseWallets: z.boolean(),
    socials: z.union([
      z.array(z.enum(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])),
      z.literal(false),
    ]),
  })
  .partial()
  .strict()

/** Feature switches of the registry. */
export type DirectoryFeatures = z.output<typeof registryFeaturesSchema>

/**
 * The registry file's outer shape. Each wallet is checked on its own afterwards (a bad one is
 * dropped with its reason, the others stay), so here they are only "a list".
 */
export const registryFileSchema = z.object({
  wallets: z.array(z.unknown()).max(10_000),
  features: registryFeaturesSchema.optional(),
})
