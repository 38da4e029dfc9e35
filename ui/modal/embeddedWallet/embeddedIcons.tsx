import type { IconProps } from '../icons'
import { Svg } from '../Svg'

/** Envelope. */
export const MailIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Svg>
)

/** A person and a key (passkey). */
export const PasskeyIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <circle cx="9" cy="7" r="4" />
    <path d="M2 21v-1a6 6 0 0 1 9.5-4.9" />
    <circle cx="18" cy="15" r="2.5" />
    <path d="M18 17.5V22l1.5-1.2L18 19.6" />
  </Svg>
)

/** Right arrow (submit). */
export const ArrowIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
)

/** Shield with a check (a request to approve). */
export const ShieldIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
    <path d="m9 12 2 2 4-4" />
  </Svg>
)

/** Pencil (edit). */
export const EditIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
    <path d="m13.5 6.5 4 4" />
  </Svg>
)

/** Two chain links (ways to sign in, linked to one wallet). */
export const LinkIcon = ({ size = 18 }: IconProps) => (
  <Svg size={size}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
    <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </Svg>
)
