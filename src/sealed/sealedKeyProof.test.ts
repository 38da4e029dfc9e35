import { describe, expect, test } from 'vitest'
import { isSolanaMessage } from '../solana/decodeSolanaTransaction'
import { sealedKeyProofMessage } from './sealedKeyProof'

const parameters = {
  thumbprint: 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs',
  address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  solanaAddress: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
}

describe('sealedKeyProofMessage', () => {
  test('default: names the purpose, the session key and both addresses (EVM as EIP-55)', () => {
    expect(sealedKeyProofMessage({ purpose: 'create', ...parameters })).toMatchInlineSnapshot(`
      "Latchkey sealed wallet: create
      This device holds the keys of these addresses.
      Session key: NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs
      EVM address: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266
      Solana address: 4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"
    `)
  })

  test('behavior: no Solana line without a Solana address; the purposes differ', () => {
    const evmOnly = sealedKeyProofMessage({
      ...parameters,
      purpose: 'import',
      solanaAddress: undefined,
    })
    expect(evmOnly).not.toMatch(/Solana/)
    expect(evmOnly).not.toBe(
      sealedKeyProofMessage({ ...parameters, purpose: 'create', solanaAddress: undefined }),
    )
  })

  test('behavior: its bytes never read as a Solana transaction message (the seed signs them)', () => {
    for (const purpose of ['create', 'import'] as const) {
      const text = sealedKeyProofMessage({ purpose, ...parameters })
      expect(isSolanaMessage(new TextEncoder().encode(text))).toBe(false)
    }
  })
})
