import { ImageOrInitial } from './ImageOrInitial'

/** Props of {@link WalletIcon}. */
export interface WalletIconProps {
  name: string
  icon?: string | undefined
  size?: number | undefined
}

/** A wallet's icon (https or data: image only), else a tile with its initial. Decorative. */
export function WalletIcon({ name, icon, size = 40 }: WalletIconProps) {
  return <ImageOrInitial kind="wallet" name={name} src={icon} size={size} />
}
