/** A provider's mark: its initial on a colour of its own (no image is fetched). */
export function OnrampProviderMark({ name, size = 36 }: { name: string; size?: number }) {
  let hue = 0
  for (const char of name) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360
  return (
    <span
      data-lk-onramp-mark=""
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        background: `linear-gradient(135deg, hsl(${hue} 70% 58%), hsl(${(hue + 40) % 360} 70% 48%))`,
      }}
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}
