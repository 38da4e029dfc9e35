/** Shared pieces of the Solana RPC tests: a funded signer, a raw JSON-RPC post, a pause. */
import { generateKeyPairSigner } from '@solana/kit'
import type { SolanaRpc } from './startSolanaRpc'

/** Lamports per SOL. */
export const SOL = 1_000_000_000n

/** A new signer holding `amount` lamports (airdropped). */
export async function funded(solana: SolanaRpc, amount = 2n * SOL) {
  const signer = await generateKeyPairSigner()
  await solana.airdrop(signer.address, amount)
  return signer
}

/** POSTs a raw body (to assert on the wire shape); resolves to the status and the parsed JSON. */
export async function post(url: string, body: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  return { status: response.status, body: await response.json() }
}

/** Waits `ms` milliseconds. */
export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
