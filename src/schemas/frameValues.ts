import { z } from 'zod'
import { isAddress } from '../utils/address'
import { checkFrameValue, frameLimits } from './frameLimits'

/** A bounded string (at most `max` characters, 64 KB by default). */
export function frameString(max: number = frameLimits.maxStringLength) {
  return z.string().max(max)
}

/** Any JSON-like value within the frame limits (RPC params and results). */
export const frameJsonSchema = z.unknown().superRefine((value, context) => {
  const problem = checkFrameValue(value)
  if (problem) context.addIssue({ code: 'custom', message: problem })
})

/** An email address (SPEC §5). */
export const frameEmailSchema = z.email().max(254)

/** A one-time code: exactly 6 digits. */
export const frameOtpSchema = z.string().regex(/^\d{6}$/, 'Expected a code of 6 digits.')

/** A chain id: a positive integer (EVM) or a short chain reference string (e.g. Solana). */
export const frameChainIdSchema = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[-\w:]+$/, 'Expected a chain reference.'),
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

/** An http(s) URL of bounded length. */
export const frameUrlSchema = z
  .string()
  .max(8192)
  .refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'https:' || url.protocol === 'http:'
    } catch {
      return false
    }
  }, 'Expected an http(s) URL.')

/** An EVM or Solana address. */
export const frameAddressSchema = z
  .string()
  .max(64)
  .refine(
    (value) => isAddress(value, 'eip155') || isAddress(value, 'solana'),
    'Expected an address.',
  )

/** Embedded wallet user (SPEC §3). */
export const embeddedWalletUserSchema = z.strictObject({
  email: frameEmailSchema.nullable().optional(),
  address: frameAddressSchema,
  chainId: frameChainIdSchema,
  accounts: z
    .array(z.strictObject({ address: frameAddressSchema, type: frameAccountTypeSchema }))
    .max(100)
    .optional(),
  userName: frameString(256).optional(),
  preferredAccountType: frameAccountTypeSchema.optional(),
  smartAccountDeployed: z.boolean().optional(),
})

/** Embedded wallet user (SPEC §3). */
export type EmbeddedWalletUser = z.infer<typeof embeddedWalletUserSchema>

// Theme values end up in CSS inside the frame: refuse characters that could close a rule.
const cssValue = z
  .string()
  .max(256)
  .regex(/^[^;{}<>\\]*$/, 'Expected a CSS value without ; { } < > or \\.')

/** Theme payload synced to the frame (SPEC §3). */
export const frameThemeSchema = z.strictObject({
  themeMode: z.enum(['light', 'dark']),
  themeVariables: z
    .strictObject({
      accent: cssValue.optional(),
      background: cssValue.optional(),
      fontFamily: cssValue.optional(),
      fontSizeMaster: cssValue.optional(),
      borderRadiusMaster: cssValue.optional(),
      zIndex: z.number().int().min(0).max(2_147_483_647).optional(),
      colorMix: cssValue.optional(),
      colorMixStrength: z.number().min(0).max(100).optional(),
    })
    .optional(),
  w3mThemeVariables: z
    .record(
      z
        .string()
        .max(64)
        .regex(/^[-\w]+$/),
      cssValue,
    )
    .refine((value) => Object.keys(value).length <= 64, 'Expected at most 64 variables.')
    .optional(),
})

/** Theme payload synced to the frame (SPEC §3). */
export type FrameTheme = z.infer<typeof frameThemeSchema>

/** Dapp metadata synced to the frame (SPEC §3). */
export const frameDappMetadataSchema = z.strictObject({
  name: frameString(256),
  description: frameString(1024).optional(),
  url: frameUrlSchema.optional(),
  icons: z.array(frameString(8192)).max(10).optional(),
  sdkVersion: frameString(64),
  sdkType: frameString(64),
  projectId: frameString(256).optional(),
})

/** Dapp metadata synced to the frame (SPEC §3). */
export type FrameDappMetadata = z.infer<typeof frameDappMetadataSchema>
