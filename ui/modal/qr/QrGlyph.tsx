/** Props of {@link QrGlyph}. */
export interface QrGlyphProps {
  size?: number | undefined
}

/** A decorative QR-code glyph (three finder squares and a few modules). */
export function QrGlyph({ size = 20 }: QrGlyphProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M3 3h7v7H3zm2 2v3h3V5zM14 3h7v7h-7zm2 2v3h3V5zM3 14h7v7H3zm2 2v3h3v-3zM14 14h3v3h-3zm3 3h4v4h-4zm-3 1h2v3h-2zm4-4h3v2h-3z" />
    </svg>
  )
}
