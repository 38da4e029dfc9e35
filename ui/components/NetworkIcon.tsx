import { hashString } from './hashString'

/** Props of {@link NetworkIcon}. */
export interface NetworkIconProps {
  name: string
  /** Catalogue icon id (`ethereum`, `bnb`…); unknown ids get the initial. */
  imageId?: string | undefined
  /** Brand colour; derived from the name when unknown. */
  color?: string | undefined
  size?: number | undefined
}

// Our own simplified marks, drawn in white on the brand colour: nothing is fetched.
const marks: Record<string, string> = {
  ethereum: 'M12 3.5 7 12l5 3 5-3-5-8.5Zm0 12.5-5-3 5 7.5 5-7.5-5 3Z',
  solana:
    'M8.2 6.5h9.3l-1.7 2.2H6.5l1.7-2.2Zm0 4.4h9.3l-1.7 2.2H6.5l1.7-2.2Zm-1.7 4.4h9.3l1.7 2.2H8.2l-1.7-2.2Z',
  bnb: 'm12 5 2 2-2 2-2-2 2-2Zm-5 5 2 2-2 2-2-2 2-2Zm10 0 2 2-2 2-2-2 2-2Zm-5 0 2 2-2 2-2-2 2-2Zm0 5 2 2-2 2-2-2 2-2Z',
}

function isLight(hex: string): boolean {
  const match = /^#([0-9a-f]{6})$/i.exec(hex)
  if (!match?.[1]) return false
  const n = Number.parseInt(match[1], 16)
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255]
  return 0.299 * r + 0.587 * g + 0.114 * b > 170
}

/** A network's icon: its mark or initial on its brand colour. Decorative (the name is shown). */
export function NetworkIcon({ name, imageId, color, size = 20 }: NetworkIconProps) {
  const background = color ?? `hsl(${hashString(name) % 360} 60% 45%)`
  const ink = color && isLight(color) ? '#1a1a1a' : '#ffffff'
  const mark = imageId ? marks[imageId] : undefined
  return (
    <svg data-lk-network-icon="" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="12" fill={background} />
      {mark ? (
        <path d={mark} fill={ink} />
      ) : (
        <text x="12" y="16.2" textAnchor="middle" fontSize="12" fontWeight="700" fill={ink}>
          {name.trim().charAt(0).toUpperCase()}
        </text>
      )}
    </svg>
  )
}
