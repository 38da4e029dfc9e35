import type { FrameTheme } from '../src/schemas/frameValues'
import { isOpaqueCssColor } from '../src/schemas/isOpaqueCssColor'

const colors: ReadonlySet<string> = new Set(['accent', 'background'])

const variables: Record<string, string> = {
  accent: '--lk-accent',
  background: '--lk-background',
  fontFamily: '--lk-font-family',
  fontSizeMaster: '--lk-font-size-master',
  borderRadiusMaster: '--lk-radius-master',
}

/**
 * Applies the host's theme (already checked by its schema: no `;{}<>\`, opaque colours) through
 * the CSSOM, which CSP `style-src 'self'` allows, unlike inline style markup. Only `themeMode`
 * reaches the approval screen (light or dark fixed palette, frame.css); the variables are kept
 * for other screens, and a colour that is not opaque is dropped here too.
 */
export function applyTheme(theme: FrameTheme): void {
  const root = document.documentElement
  root.dataset.theme = theme.themeMode
  for (const [key, name] of Object.entries(variables)) {
    const value = theme.themeVariables?.[key as keyof typeof theme.themeVariables]
    const allowed = typeof value === 'string' && (!colors.has(key) || isOpaqueCssColor(value))
    if (allowed) root.style.setProperty(name, value)
    else root.style.removeProperty(name)
  }
}
