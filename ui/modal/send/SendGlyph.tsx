import { Svg } from '../Svg'

/** An arrow leaving to the top right: the Send action. */
export const SendGlyph = ({ size = 16 }: { size?: number | undefined }) => (
  <Svg size={size}>
    <path d="M7 17 17 7M8 7h9v9" />
  </Svg>
)
