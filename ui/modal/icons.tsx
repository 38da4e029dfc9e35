import { Svg } from './Svg'

/** Props shared by the inline icons. */
export interface IconProps {
  size?: number | undefined
}

/** Left chevron. */
export const BackIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <path d="m15 18-6-6 6-6" />
  </Svg>
)

/** Cross. */
export const CloseIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
)

/** Right chevron. */
export const ChevronIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <path d="m9 18 6-6-6-6" />
  </Svg>
)

/** Two overlapping sheets. */
export const CopyIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <rect x="9" y="9" width="12" height="12" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </Svg>
)

/** Arrow leaving a box. */
export const ExternalIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Svg>
)

/** Door with an arrow. */
export const DisconnectIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </Svg>
)

/** Tick. */
export const CheckIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <path d="M20 6 9 17l-5-5" />
  </Svg>
)

/** Magnifier. */
export const SearchIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
)

/** Exclamation in a circle. */
export const AlertIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v5M12 16h.01" />
  </Svg>
)

/** A circular arrow (read again). */
export const RetryIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <path d="M20 12a8 8 0 1 1-2.34-5.66" />
    <path d="M20 4v5h-5" />
  </Svg>
)

/** Four squares. */
export const GridIcon = ({ size = 16 }: IconProps) => (
  <Svg size={size}>
    <rect x="4" y="4" width="6" height="6" rx="1.5" />
    <rect x="14" y="4" width="6" height="6" rx="1.5" />
    <rect x="4" y="14" width="6" height="6" rx="1.5" />
    <rect x="14" y="14" width="6" height="6" rx="1.5" />
  </Svg>
)
