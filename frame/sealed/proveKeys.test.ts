import { ed25519 } from '@noble/curves/ed25519'
import fc from 'fast-check'
import { verifyMessage } from 'viem'
import { describe, expect, test } from 'vitest'
import { sealedKeyProofMessage } from '../../src/sealed/sealedKeyProof'
import { decodeBase64 } from '../../src/utils/base64'
import { decodeBase58 } from '../../src/utils/decodeBase58'
import { sealedKeyProof } from '../../test/harness/sealedKeyProof'
import { FrameReplyError } from '../FrameReplyError'
import { proveKeys } from './proveKeys'
import { newWalletSecret } from './walletSecret'

const thumbprint = 'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs'

describe('proveKeys', () => {
  test('default: both keys sign the message for this session and purpose, the same signatures viem and noble make; the secret is wiped', async () => {
    const { secret, address, solanaAddress } = newWalletSecret()
    const copy = secret.slice()
    const proof = proveKeys(secret, { purpose: 'import', thumbprint, address, solanaAddress })
    expect(secret.every((byte) => byte === 0)).toBe(true)
    expect(proof).toEqual(await sealedKeyProof(copy, { key: { thumbprint } }, 'import'))
    const message = sealedKeyProofMessage({ purpose: 'import', thumbprint, address, solanaAddress })
    expect(await verifyMessage({ address, message, signature: proof.evm })).toBe(true)
    const signature = decodeBase64(proof.solana ?? '') as Uint8Array
    const key = decodeBase58(solanaAddress) as Uint8Array
    expect(ed25519.verify(signature, new TextEncoder().encode(message), key)).toBe(true)
  })

  test('behavior: any key and session: the EIP-191 signature is viem’s (RFC 6979, v 27 or 28)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((bytes) => bytes.some(Boolean)),
        fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        async (evmKey, session) => {
          const { secret, address } = newWalletSecret(evmKey.slice(), new Uint8Array(32).fill(3))
          const evmOnly = secret.slice(0, 32)
          secret.fill(0)
          const made = await sealedKeyProof(evmOnly, { key: { thumbprint: session } }, 'create')
          const proof = proveKeys(evmOnly, { purpose: 'create', thumbprint: session, address })
          expect(proof).toEqual(made)
        },
      ),
      { numRuns: 40 },
    )
  })

  test('error: without a session key nothing is signed, and the secret is wiped still', () => {
    const { secret, address, solanaAddress } = newWalletSecret()
    const prove = () =>
      proveKeys(secret, { purpose: 'create', thumbprint: undefined, address, solanaAddress })
    expect(prove).toThrow(FrameReplyError)
    expect(secret.every((byte) => byte === 0)).toBe(true)
  })
})
