import { ConnectButton } from 'latchkey/react'
import { SolanaPart } from './SolanaPart'

export default function SolanaHome() {
  return (
    <SolanaPart>
      <ConnectButton />
    </SolanaPart>
  )
}
