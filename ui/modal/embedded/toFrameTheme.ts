import type { FrameTheme } from '../../../src/schemas/frameValues'
import type { ResolvedOptions } from '../../../src/schemas/options'

// The modal's own defaults (styles.css), so the frame's approval screen sits in the modal seamlessly.
const backgrounds = { dark: '#121313', light: '#ffffff' } as const
const defaultAccent = '#6b4eff'

/** The theme payload for the frame (SYNC_THEME) from the modal's resolved options. */
export function toFrameTheme(options: ResolvedOptions): FrameTheme {
  const { themeMode, themeVariables } = options
  return {
    themeMode,
    themeVariables: {
      accent: themeVariables.accent ?? defaultAccent,
      background: themeVariables.background ?? backgrounds[themeMode],
      ...(themeVariables.fontFamily ? { fontFamily: themeVariables.fontFamily } : {}),
    },
  }
}
