import { type ThemeTokens, tokenProperties } from './ThemeTokens'

/** Inline custom properties for a full or partial token object (for `style`). */
export function themeToStyle(tokens: Partial<ThemeTokens>): Record<string, string> {
  const style: Record<string, string> = {}
  for (const [name, value] of Object.entries(tokens)) {
    const property = tokenProperties[name as keyof ThemeTokens]
    if (property && value !== undefined) style[property] = value
  }
  return style
}
