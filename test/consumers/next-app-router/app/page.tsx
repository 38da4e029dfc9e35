import { ConnectButton } from 'latchkey/react'

// A Server Component: no 'use client' here.
export default function Home() {
  return (
    <main>
      <h1>My dapp</h1>
      <ConnectButton />
    </main>
  )
}
