import * as z from 'zod/mini'
import { isAddress } from '../utils/address'
import { emailSchema } from './email'
import { checkFrameValue, frameLimits } from './frameLimits'
import { isCssColorLike, isOpaqueCssColor } from './isOpaqueCssColor'

/** A bounded string (at most `max` characters, 64 KB by default). */
export function frameString(max: number = frameLimits.maxStringLength) {
  return z.string().check(z.maxLength(max))
}

/** Any JSON-like value within the frame limits (RPC params and results). */
export const frameJsonSchema = z.unknown().check(
  z.superRefine((value, context) => {
    const problem = checkFrameValue(value)
    if (problem) context.addIssue({ code: 'custom', message: problem })
  }),
)

/** A one-time code: exactly 6 digits. */
export const frameOtpSchema = z.string().check(z.regex(/^\d{6}$/, 'Expected a code of 6 digits.'))

/** A chain id: a positive integer (EVM) or a short chain reference string (e.g. Solana). */
export const frameChainIdSchema = z.union([
  z.number().check(z.int(), z.positive(), z.maximum(Number.MAX_SAFE_INTEGER)),
  z
    .string()
    .check(z.minLength(1), z.maxLength(64), z.regex(/^[-\w:]+$/, 'Expected a chain reference.')),
])

/** Account type of the embedded wallet, per chain. */
export const frameAccountTypeSchema = z.enum(['eoa', 'smartAccount'])

/** Social providers the frame can log in with (SPEC §5). */
export const frameSocialProviderSchema = z.enum([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
])

/** A social provider the frame can log in with (SPEC §5). */
export type FrameSocialProvider = z.output<typeof frameSocialProviderSchema>

/** A login the Connect view can offer: a social provider, or Farcaster (its own flow, SPEC §4). */
export const frameLoginProviderSchema = z.enum([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
  'farcaster',
])

/** A login the Connect view can offer (SPEC §5, with Farcaster). */
export type FrameLoginProvider = z.output<typeof frameLoginProviderSchema>

/** A social login's result handle: 256 random bits, base64url (the callback page hands it on). */
export const socialResultSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a result handle.'))

/** A social provider's id as the server configures it (`google`, or an operator's `corp`). */
export const socialProviderIdSchema = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9-]{0,31}$/, 'Expected a provider id such as google.'))

/** An http(s) URL of bounded length. */
export const frameUrlSchema = z.string().check(
  z.maxLength(8192),
  z.refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'https:' || url.protocol === 'http:'
    } catch {
      return false
    }
  }, 'Expected an http(s) URL.'),
)

/** An EVM or Solana address. */
export const frameAddressSchema = z.string().check(
  z.maxLength(64),
  z.refine(
    (value) => isAddress(value, 'eip155') || isAddress(value, 'solana'),
    'Expected an address.',
  ),
)

/** Embedded wallet user (SPEC §3). */
export const embeddedWalletUserSchema = z.strictObject({
  email: z.optional(z.nullable(emailSchema)),
  address: frameAddressSchema,
  chainId: frameChainIdSchema,
  accounts: z.optional(
    z
      .array(z.strictObject({ address: frameAddressSchema, type: frameAccountTypeSchema }))
      .check(z.maxLength(100)),
  ),
  userName: z.optional(frameString(256)),
  /**
   * The social provider the user signed in with (SPEC §3 "socialProvider"): one of SPEC §5's, or
   * the id of another OIDC provider the server configured.
   */
  socialProvider: z.optional(socialProviderIdSchema),
  preferredAccountType: z.optional(frameAccountTypeSchema),
  smartAccountDeployed: z.optional(z.boolean()),
  /** The user's Solana account (the embedded wallet's ed25519 key), when the server has one. */
  solana: z.optional(
    z.strictObject({
      address: z.string().check(
        z.maxLength(44),
        z.refine((value) => isAddress(value, 'solana'), 'Expected a Solana address.'),
      ),
    }),
  ),
})

// Theme values end up in CSS inside the frame: refuse characters that could close a rule.
const cssValue = z
  .string()
  .check(
    z.maxLength(256),
    z.regex(/^[^;{}<>\\]*$/, 'Expected a CSS value without ; { } < > or \\.'),
  )

const opaqueMessage = 'Expected an opaque colour: #rgb, #rrggbb, rgb(r g b) or hsl(h s l).'

// Colours never carry an alpha below 1: a see-through frame over a decoy is camouflage (issue 8).
const opaqueColor = cssValue.check(z.refine(isOpaqueCssColor, opaqueMessage))

// Variables the frame does not read: any value that looks like a colour must still be opaque.
const w3mValue = cssValue.check(
  z.refine((value) => !isCssColorLike(value) || isOpaqueCssColor(value), opaqueMessage),
)

/**
 * Theme payload synced to the frame (SPEC §3). Colours must be opaque (issue 8); the approval
 * screen uses none of them anyway (its palette is fixed, by `themeMode` only).
 */
export const frameThemeSchema = z.strictObject({
  themeMode: z.enum(['light', 'dark']),
  themeVariables: z.optional(
    z.strictObject({
      accent: z.optional(opaqueColor),
      background: z.optional(opaqueColor),
      fontFamily: z.optional(cssValue),
      fontSizeMaster: z.optional(cssValue),
      borderRadiusMaster: z.optional(cssValue),
      zIndex: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647))),
      colorMix: z.optional(opaqueColor),
      colorMixStrength: z.optional(z.number().check(z.minimum(0), z.maximum(100))),
    }),
  ),
  w3mThemeVariables: z.optional(
    z
      .record(z.string().check(z.maxLength(64), z.regex(/^[-\w]+$/)), w3mValue)
      .check(
        z.refine((value) => Object.keys(value).length <= 64, 'Expected at most 64 variables.'),
      ),
  ),
})

/** Theme payload synced to the frame (SPEC §3). */
export type FrameTheme = z.infer<typeof frameThemeSchema>

/** Dapp metadata synced to the frame (SPEC §3). */
export const frameDappMetadataSchema = z.strictObject({
  name: frameString(256),
  description: z.optional(frameString(1024)),
  url: z.optional(frameUrlSchema),
  icons: z.optional(z.array(frameString(8192)).check(z.maxLength(10))),
  sdkVersion: frameString(64),
  sdkType: frameString(64),
  projectId: z.optional(frameString(256)),
})

/** Dapp metadata synced to the frame (SPEC §3). */
export type FrameDappMetadata = z.infer<typeof frameDappMetadataSchema>
