import type { FrameTheme } from '../../../src/schemas/frameValues'
import { isOpaqueCssColor } from '../../../src/schemas/isOpaqueCssColor'
import type { ResolvedOptions } from '../../../src/schemas/options'

// The modal's own defaults (styles.css), so the frame's approval screen sits in the modal seamlessly.
const backgrounds = { dark: '#121313', light: '#ffffff' } as const
const defaultAccent = '#6b4eff'

// The frame refuses colours that are not certainly opaque (issue 8): send the defaults instead,
// so the theme mode still gets through.
const opaque = (value: string | undefined, fallback: string) =>
  value !== undefined && isOpaqueCssColor(value) ? value : fallback

/** The theme payload for the frame (SYNC_THEME) from the modal's resolved options. */
export function toFrameTheme(options: ResolvedOptions): FrameTheme {
  const { themeMode, themeVariables } = options
  return {
    themeMode,
    themeVariables: {
      accent: opaque(themeVariables.accent, defaultAccent),
      background: opaque(themeVariables.background, backgrounds[themeMode]),
      ...(themeVariables.fontFamily ? { fontFamily: themeVariables.fontFamily } : {}),
    },
  }
}
