import { ImageOrInitial } from '../../components/ImageOrInitial'

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
  return <ImageOrInitial kind="token" name={name} src={url} size={size} />
}
