// An allowlist, not a blocklist: CSS has too many ways to say "see-through" (transparent,
// currentColor, rgba/hsla/#rgba/#rrggbbaa, `/ alpha`, color-mix with transparent, keywords such as
// `initial` that make a custom property invalid and so transparent). Only forms that cannot carry
// an alpha pass: #rgb, #rrggbb, rgb(r g b) and hsl(h s l) with exactly three components.
const number = String.raw`\d{1,3}(?:\.\d+)?`
const channel = `${number}%?`
const hue = `${number}(?:deg)?`
const percent = `${number}%`
const three = (a: string, b: string, c: string) =>
  String.raw`\(\s*${a}\s*(?:,\s*|\s+)${b}\s*(?:,\s*|\s+)${c}\s*\)`
const opaqueForms = [
  /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i,
  new RegExp(`^rgb${three(channel, channel, channel)}$`, 'i'),
  new RegExp(`^hsl${three(hue, percent, percent)}$`, 'i'),
]

/** Whether `value` is a CSS colour that is certainly fully opaque (see the allowlist above). */
export function isOpaqueCssColor(value: string): boolean {
  const trimmed = value.trim()
  return opaqueForms.some((form) => form.test(trimmed))
}

const colorLike =
  /^\s*(?:#|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix|light-dark|device-cmyk)\s*\(|transparent\s*$|currentcolor\s*$)/i

/** Whether `value` looks like a CSS colour (a hex value, a colour function or a colour keyword). */
export function isCssColorLike(value: string): boolean {
  return colorLike.test(value)
}
