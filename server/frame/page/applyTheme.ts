import type { FrameTheme } from '../../../src/schemas/frameValues'

const variables: Record<string, string> = {
  accent: '--lk-accent',
  background: '--lk-background',
  fontFamily: '--lk-font-family',
  fontSizeMaster: '--lk-font-size-master',
  borderRadiusMaster: '--lk-radius-master',
}

/**
 * Applies the host's theme (already checked by its schema: no `;{}<>\`) through the CSSOM, which
 * CSP `style-src 'self'` allows, unlike inline style markup.
 */
export function applyTheme(theme: FrameTheme): void {
  const root = document.documentElement
  root.dataset.theme = theme.themeMode
  for (const [key, name] of Object.entries(variables)) {
    const value = theme.themeVariables?.[key as keyof typeof theme.themeVariables]
    if (typeof value === 'string') root.style.setProperty(name, value)
    else root.style.removeProperty(name)
  }
}
