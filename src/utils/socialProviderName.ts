/** How each social provider writes its own name (brand names: the same in every locale). */
export const socialProviderNames: Readonly<Record<string, string>> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
}

/** A provider's name; an operator's own OIDC provider (`corp`) by its id, capitalised. */
export function socialProviderName(provider: string): string {
  return socialProviderNames[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1)
}
