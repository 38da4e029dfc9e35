import { isSafeImageUrl } from '../../src/utils/url'
import { hashString } from './hashString'

/** Props of {@link ImageOrInitial}. */
export interface ImageOrInitialProps {
  /** Which icon it is: its `data-lk-*-icon` attribute (styles.css shapes each) and tile colours. */
  kind: 'wallet' | 'token'
  /** The placeholder shows its first letter, on a colour derived from it. */
  name: string
  /** Only https and data: images are drawn; anything else gets the placeholder. */
  src: string | null | undefined
  size: number
}

// tile colours: hsl(hue s l1) → hsl(hue + turn, s, l2); the initial is `font` × size
const tiles = {
  wallet: { font: 0.42, s: 70, l1: 58, l2: 42, turn: 40 },
  token: { font: 0.4, s: 62, l1: 56, l2: 40, turn: 50 },
}

/**
 * An untrusted image (https or data: only, no referrer sent), else a tile with the name's initial.
 * Decorative: the name is shown beside it. `WalletIcon` and the account's `TokenIcon` are this.
 */
export function ImageOrInitial({ kind, name, src, size }: ImageOrInitialProps) {
  const marker = { [`data-lk-${kind}-icon`]: '' }
  if (isSafeImageUrl(src))
    return (
      <img
        {...marker}
        src={src}
        alt=""
        width={size}
        height={size}
        // inline: a page's `img { height: auto; max-width: 100% }` cannot resize it
        style={{ width: size, height: size }}
        draggable={false}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
      />
    )
  const { font, s, l1, l2, turn } = tiles[kind]
  const hue = hashString(name) % 360
  return (
    <span
      {...marker}
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * font,
        background: `linear-gradient(135deg, hsl(${hue} ${s}% ${l1}%), hsl(${(hue + turn) % 360} ${s}% ${l2}%))`,
      }}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
