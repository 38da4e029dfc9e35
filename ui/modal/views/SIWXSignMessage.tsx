import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import { SiwxSignMessage } from '../../siwx/SiwxSignMessage'

/** The SIWXSignMessage route: sign-in's view, shown once its controller runs (on connect). */
export function SIWXSignMessage() {
  const { siwx } = useLatchkeyContext()
  if (!siwx) return null
  return <SiwxSignMessage />
}
