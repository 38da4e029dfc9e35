/** A run of ordinary text, or one hidden character shown by its code point. */
export type RevealedPart = { text: string } | { hidden: string }

// Bidirectional embeddings, overrides, isolates and marks (U+202A–202E, U+2066–2069, U+200E/200F,
// U+061C) are all format characters (Cf), as are zero-width characters and tags. Controls (Cc)
// other than tab and line feed, line and paragraph separators, and the Hangul fillers that render
// as nothing are marked too.
const formatOrSeparator = /^[\p{Cf}\p{Zl}\p{Zp}]$/u
const blankLetters = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x034f])

function isHidden(char: string): boolean {
  const code = char.codePointAt(0) ?? 0
  if (code === 0x09 || code === 0x0a) return false
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    blankLetters.has(code) ||
    formatOrSeparator.test(char)
  )
}

/** `U+202E` for one code point. */
export function codePointLabel(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
}

/** Whether `text` holds a character that is invisible or changes text direction. */
export function hasHiddenCharacters(text: string): boolean {
  for (const char of text) if (isHidden(char)) return true
  return false
}

/**
 * Splits `text` into visible runs and hidden characters, so each hidden one can be shown as a
 * marked `⟨U+202E⟩` instead of silently reordering or hiding what is around it.
 */
export function revealHidden(text: string): RevealedPart[] {
  const parts: RevealedPart[] = []
  let run = ''
  for (const char of text) {
    if (isHidden(char)) {
      if (run) parts.push({ text: run })
      run = ''
      parts.push({ hidden: codePointLabel(char) })
    } else run += char
  }
  if (run || parts.length === 0) parts.push({ text: run })
  return parts
}
