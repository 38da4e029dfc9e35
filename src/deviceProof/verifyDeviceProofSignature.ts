import type { DeviceProof } from './readDeviceProof'

/** Checks a proof's ES256 signature against the public key in its header (WebCrypto). */
export async function verifyDeviceProofSignature(proof: DeviceProof): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey(
      'jwk',
      { ...proof.jwk, ext: true },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    return await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      proof.signature,
      proof.signingInput,
    )
  } catch {
    // A point off the curve, or any other key WebCrypto refuses.
    return false
  }
}
