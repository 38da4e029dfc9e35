import { useLatchkeyContext } from '../../hooks/useLatchkeyContext'

/** The SIWXSignMessage route: the view itself loads with the sign-in chunk (on connect). */
export function SIWXSignMessage() {
  const { siwx } = useLatchkeyContext()
  if (!siwx) return null
  return <siwx.View />
}
