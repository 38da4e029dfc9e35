import { isSafeImageUrl } from '../../../src/utils/url'
import { hashString } from '../../components/hashString'

/** Props of {@link TokenIcon}. */
export interface TokenIconProps {
  /** Symbol or name: the placeholder shows its first letter. */
  name: string
  /** Only https and data: images are drawn; anything else gets the placeholder. */
  url?: string | null | undefined
  size?: number | undefined
}

/** A token's round icon (https or data: image), else a round tile with its initial. Decorative. */
export function TokenIcon({ name, url, size = 36 }: TokenIconProps) {
  if (isSafeImageUrl(url))
    return (
      <img
        data-lk-token-icon=""
        src={url}
        alt=""
        width={size}
        height={size}
        style={{ width: size, height: size }}
        draggable={false}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
      />
    )
  const hue = hashString(name) % 360
  return (
    <span
      data-lk-token-icon=""
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        background: `linear-gradient(135deg, hsl(${hue} 62% 56%), hsl(${(hue + 50) % 360} 62% 40%))`,
      }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
