import { baseTokens, type ThemeTokens } from './ThemeTokens'

/** Dark palette tokens, with optional overrides. @example darkTheme({ accent: '#ff007a' }) */
export function darkTheme(overrides: Partial<ThemeTokens> = {}): ThemeTokens {
  return {
    ...baseTokens,
    background: '#121313',
    surface: '#1d1f1f',
    surfaceHover: '#272a2a',
    foreground: '#e4e7e7',
    muted: '#9aa3a3',
    border: 'rgba(255, 255, 255, 0.08)',
    overlay: 'rgba(0, 0, 0, 0.55)',
    danger: '#ff7b86',
    success: '#2bb673',
    ...overrides,
  }
}
