import { getAddress } from 'viem'

// Proof of possession for a sealed wallet's addresses (docs/security.md "Sealed wallets"): the
// frame, while it holds the new secret, signs this text with the EVM key (EIP-191 personal
// message) and with the Solana seed (ed25519 over its UTF-8 bytes); the server rebuilds the same
// text from the session and the body and checks both signatures before it stores anything. The
// session's device key thumbprint binds it to one session (so one user) and the purpose to one
// kind of request: a proof cannot be replayed for another account or another request.

/** What a proof is for: a new sealed wallet (`POST /v1/sealed-wallet`) or an import. */
export type SealedKeyPurpose = 'create' | 'import'

/** The text both keys sign, one field a line; the Solana line only when the shares hold its seed. */
export function sealedKeyProofMessage(parameters: {
  purpose: SealedKeyPurpose
  /** The RFC 7638 thumbprint of the session's device key (docs/device-proof.md). */
  thumbprint: string
  address: string
  solanaAddress?: string | undefined
}): string {
  const { purpose, thumbprint, address, solanaAddress } = parameters
  return [
    `Latchkey sealed wallet: ${purpose}`,
    'This device holds the keys of these addresses.',
    `Session key: ${thumbprint}`,
    `EVM address: ${getAddress(address)}`,
    ...(solanaAddress === undefined ? [] : [`Solana address: ${solanaAddress}`]),
  ].join('\n')
}
