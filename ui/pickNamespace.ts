import type { LatchkeyNamespace } from '../src/client/types'

/**
 * The namespace shown: the one the visitor chose while it is connected, else the other one when
 * it is connected (a disconnect falls back to the namespace still connected), else the choice.
 */
export function pickNamespace(
  chosen: LatchkeyNamespace,
  evm: boolean,
  solana: boolean,
): LatchkeyNamespace {
  if (chosen === 'solana') return solana || !evm ? 'solana' : 'eip155'
  return evm || !solana ? 'eip155' : 'solana'
}
