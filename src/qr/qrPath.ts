import type { QrMatrix } from './encodeQr'

/**
 * The dark modules of a QR code as one SVG path (horizontal runs merged), offset by a quiet
 * zone of `margin` modules; draw it in a `0 0 size+2·margin` view box.
 */
export function qrPath({ size, modules }: QrMatrix, margin = 0): string {
  const parts: string[] = []
  for (let y = 0; y < size; y++) {
    const row = modules[y] ?? []
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue
      let end = x
      while (end + 1 < size && row[end + 1]) end++
      parts.push(`M${x + margin} ${y + margin}h${end - x + 1}v1h${x - end - 1}z`)
      x = end
    }
  }
  return parts.join('')
}
