/** A country's English name from its ISO 3166-1 alpha-2 code (the code when unknown). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}
