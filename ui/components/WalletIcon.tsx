import { isSafeImageUrl } from '../../src/utils/url'
import { hashString } from './hashString'

/** Props of {@link WalletIcon}. */
export interface WalletIconProps {
  name: string
  icon?: string | undefined
  size?: number | undefined
}

/** A wallet's icon (https or data: image only), else a tile with its initial. Decorative. */
export function WalletIcon({ name, icon, size = 40 }: WalletIconProps) {
  if (isSafeImageUrl(icon))
    return (
      <img
        data-lk-wallet-icon=""
        src={icon}
        alt=""
        width={size}
        height={size}
        // inline: a page's `img { height: auto; max-width: 100% }` cannot resize it
        style={{ width: size, height: size }}
        draggable={false}
        loading="lazy"
        decoding="async"
      />
    )
  const hue = hashString(name) % 360
  return (
    <span
      data-lk-wallet-icon=""
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        background: `linear-gradient(135deg, hsl(${hue} 70% 58%), hsl(${(hue + 40) % 360} 70% 42%))`,
      }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
