import { ConnectButton } from 'latchkey/react'

export default function Home() {
  return <ConnectButton />
}
