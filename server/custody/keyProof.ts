import { ed25519 } from '@noble/curves/ed25519'
import { verifyMessage } from 'viem'
import { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'
import { type SealedKeyPurpose, sealedKeyProofMessage } from '../../src/sealed/sealedKeyProof'
import { decodeBase64 } from '../../src/utils/base64'
import { decodeBase58 } from '../../src/utils/decodeBase58'
import type { Auth } from '../auth/sessions'
import type { ServerContext } from '../context'

/**
 * `keyProof` of a body that names a new sealed wallet's addresses (frame/sealed/proveKeys.ts):
 * the EVM key's EIP-191 signature (hex) and the Solana seed's ed25519 signature (base64).
 */
export const keyProofSchema = z
  .object({
    evm: z
      .string()
      .regex(
        /^0x[0-9a-fA-F]{130}$/,
        'Expected a 65-byte signature.',
      ) as unknown as z.ZodType<`0x${string}`>,
    solana: z
      .string()
      .regex(/^[A-Za-z0-9+/]{86}==$/, 'Expected a 64-byte signature as base64.')
      .optional(),
  })
  .strict()

/** One of {@link keyProofSchema}. */
export type KeyProofInput = z.infer<typeof keyProofSchema>

const refused = () =>
  new InvalidRequestError({
    reason: "keyProof: The wallet's keys did not sign for these addresses and this session.",
  })

async function evmSigned(address: `0x${string}`, message: string, signature: `0x${string}`) {
  try {
    return await verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}

function solanaSigned(address: string, message: string, signature: string | undefined) {
  const bytes = signature === undefined ? undefined : decodeBase64(signature)
  const key = decodeBase58(address)
  if (!bytes || key?.length !== 32) return false
  try {
    return ed25519.verify(bytes, new TextEncoder().encode(message), key, { zip215: false })
  } catch {
    return false
  }
}

/**
 * Refuses (`InvalidRequestError`, 400) a new sealed wallet's addresses unless their keys signed
 * the proof message (src/sealed/sealedKeyProof.ts) for this session's device key and `purpose`:
 * the EVM key, and the Solana seed when the body names a Solana address. Anyone can name an
 * address; only who holds its key can prove it, so no account claims another person's address.
 */
export async function requireKeyProof(
  context: Pick<ServerContext, 'storage'>,
  auth: Auth,
  purpose: SealedKeyPurpose,
  body: { address: `0x${string}`; solanaAddress?: string | undefined; keyProof: KeyProofInput },
): Promise<void> {
  const key = await context.storage.sessionKeys.find(auth.session.id)
  if (!key) throw refused()
  const { address, solanaAddress, keyProof } = body
  const message = sealedKeyProofMessage({
    purpose,
    thumbprint: key.thumbprint,
    address,
    solanaAddress,
  })
  if (!(await evmSigned(address, message, keyProof.evm))) throw refused()
  if (solanaAddress !== undefined && !solanaSigned(solanaAddress, message, keyProof.solana))
    throw refused()
  if (solanaAddress === undefined && keyProof.solana !== undefined) throw refused()
}
