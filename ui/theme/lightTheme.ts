import { baseTokens, type ThemeTokens } from './ThemeTokens'

/** Light palette tokens, with optional overrides. @example lightTheme({ accent: '#0052ff' }) */
export function lightTheme(overrides: Partial<ThemeTokens> = {}): ThemeTokens {
  return {
    ...baseTokens,
    background: '#ffffff',
    surface: '#f3f4f4',
    surfaceHover: '#e9ebeb',
    foreground: '#141414',
    muted: '#5f6969',
    border: 'rgba(0, 0, 0, 0.08)',
    overlay: 'rgba(20, 20, 20, 0.35)',
    danger: '#d93647',
    success: '#17804a',
    ...overrides,
  }
}
