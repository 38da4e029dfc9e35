import { hashString } from './hashString'

/** Props of {@link Avatar}. */
export interface AvatarProps {
  address: string
  size?: number | undefined
}

/** A generated avatar: layered gradients whose hues come from the address (no image request). */
export function Avatar({ address, size = 20 }: AvatarProps) {
  const seed = address.toLowerCase()
  const hue = (salt: string) => hashString(seed + salt) % 360
  const [a, b, c] = [hue('a'), hue('b'), hue('c')]
  const background = [
    `radial-gradient(circle at 28% 24%, hsl(${a} 90% 74%) 0, transparent 55%)`,
    `radial-gradient(circle at 78% 72%, hsl(${b} 85% 58%) 0, transparent 62%)`,
    `linear-gradient(135deg, hsl(${c} 75% 52%), hsl(${(c + 60) % 360} 70% 38%))`,
  ].join(', ')
  return (
    <span data-lk-avatar="" aria-hidden="true" style={{ width: size, height: size, background }} />
  )
}
