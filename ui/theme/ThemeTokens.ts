import { optionDefaults } from '../../src/schemas/optionDefaults'

/** Design tokens of a Latchkey theme; each maps to a `--lk-*` custom property. */
export interface ThemeTokens {
  accent: string
  accentForeground: string
  background: string
  surface: string
  surfaceHover: string
  foreground: string
  muted: string
  border: string
  overlay: string
  danger: string
  success: string
  fontFamily: string
  fontSizeMaster: string
  radiusMaster: string
  zIndex: string
  modalWidth: string
}

/** Token names and the custom property each one sets. */
export const tokenProperties: Record<keyof ThemeTokens, `--lk-${string}`> = {
  accent: '--lk-accent',
  accentForeground: '--lk-accent-foreground',
  background: '--lk-background',
  surface: '--lk-surface',
  surfaceHover: '--lk-surface-hover',
  foreground: '--lk-foreground',
  muted: '--lk-muted',
  border: '--lk-border',
  overlay: '--lk-overlay',
  danger: '--lk-danger',
  success: '--lk-success',
  fontFamily: '--lk-font-family',
  fontSizeMaster: '--lk-font-size-master',
  radiusMaster: '--lk-radius-master',
  zIndex: '--lk-z-index',
  modalWidth: '--lk-modal-width',
}

/** Tokens shared by both palettes (SPEC §9 defaults). */
export const baseTokens = {
  accent: '#6b4eff',
  accentForeground: '#ffffff',
  fontFamily:
    "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontSizeMaster: optionDefaults.themeVariables.fontSizeMaster,
  radiusMaster: optionDefaults.themeVariables.borderRadiusMaster,
  zIndex: `${optionDefaults.themeVariables.zIndex}`,
  modalWidth: '360px',
} as const
