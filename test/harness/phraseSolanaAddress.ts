import { createHmac, pbkdf2Sync } from 'node:crypto'
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey } from '@solana/kit'

// Test harness: a BIP-39 phrase's first Solana account (m/44'/501'/0'/0', as Phantom and Solflare
// derive it), computed without the frame's code: node's PBKDF2 (the BIP-39 seed, no passphrase)
// and HMAC-SHA512 (SLIP-0010 ed25519, hardened), then WebCrypto's ed25519 through @solana/kit.

/** The Solana address of `phrase` (normalised words, one space apart) at m/44'/501'/0'/0'. */
export async function phraseSolanaAddress(phrase: string): Promise<string> {
  let node = createHmac('sha512', 'ed25519 seed')
    .update(pbkdf2Sync(phrase.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'))
    .digest()
  for (const index of [44, 501, 0, 0]) {
    const data = Buffer.alloc(37)
    node.copy(data, 1, 0, 32)
    data.writeUInt32BE(index + 0x80000000, 33)
    node = createHmac('sha512', node.subarray(32)).update(data).digest()
  }
  const { publicKey } = await createKeyPairFromPrivateKeyBytes(node.subarray(0, 32))
  return getAddressFromPublicKey(publicKey)
}
