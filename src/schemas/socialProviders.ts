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
