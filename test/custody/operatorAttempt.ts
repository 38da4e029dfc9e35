import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { decrypt } from '../../server/crypto/encryption'
import { deriveKeys, parseMasterKey } from '../../server/crypto/masterKey'
import { solanaSigner } from '../../server/custody/solanaWallets'
import { walletAccount } from '../../server/custody/wallets'
import { solanaWalletRow, walletRow } from '../../server/storage/rows'
import { decodeBase64 } from '../../src/utils/base64'
import { decodeBase58 } from '../../src/utils/decodeBase58'
import type { TestServer } from '../harness/startTestServer'
import { readEveryRow } from '../harness/testDatabase'

// The operator's attempt of operatorBlind.test.ts: everything a server's operator holds, tried.

/** What the operator tries to sign (EVM personal_sign and Solana signMessage). */
export const message = 'operator test: sign me'
export const messageBytes = new TextEncoder().encode(message)

/**
 * What an operator (or a thief with a backup and the master key) can do with the database, the
 * master key and the server's code: decrypt every value under every derived key with every AAD
 * the code uses, try every 32-byte value as a key and every pair of 33-byte values as Shamir
 * shares, and run the server's own signing code on every wallet row. Returns the signatures of
 * `message` that recover to `address`.
 */
export async function operatorSignatures(
  server: TestServer,
  address: `0x${string}`,
  solanaAddress: string,
) {
  const keys = deriveKeys(parseMasterKey(server.masterKey))
  const rows = await readEveryRow(server.databaseUrl)
  const texts = new Set<string>()
  for (const row of rows) {
    const userId = String(row.user_id ?? row.id ?? '')
    const owner = rows.find(
      (other) => other.user_id === userId && typeof other.address === 'string',
    )
    const rowAddress = String(row.address ?? owner?.address ?? '').toLowerCase()
    for (const value of Object.values(row)) {
      if (typeof value !== 'string') continue
      texts.add(value)
      for (const key of Object.values(keys))
        for (const aad of [
          `latchkey-wallet\n${userId}\n${rowAddress}`,
          `latchkey-server-share\n${userId}\n${rowAddress}`,
          `latchkey-solana-wallet\n${userId}\n${rowAddress}`,
        ])
          try {
            texts.add(decrypt(key, value, aad))
          } catch {}
    }
  }
  const candidates: Uint8Array[] = []
  for (const text of texts) {
    const hex = /^(0x)?[0-9a-fA-F]+$/.test(text)
      ? Buffer.from(text.replace(/^0x/, ''), 'hex')
      : undefined
    for (const bytes of [hex, decodeBase64(text), Buffer.from(text, 'base64url')])
      if (bytes && [32, 33, 64, 65].includes(bytes.length)) candidates.push(new Uint8Array(bytes))
  }
  const keysToTry = candidates.filter((bytes) => bytes.length === 32 || bytes.length === 64)
  const shares = candidates.filter((bytes) => bytes.length === 33 || bytes.length === 65)
  for (const [index, first] of shares.entries())
    for (const second of shares.slice(index + 1))
      try {
        keysToTry.push(await combine([first, second]))
      } catch {}
  // Every 32-byte half of a candidate as a key too (a secret of the EVM key and the Solana seed).
  for (const key of keysToTry.splice(0))
    keysToTry.push(key, ...(key.length === 64 ? [key.slice(0, 32), key.slice(32)] : []))
  const signatures: `0x${string}`[] = []
  const collect = async (sign: () => Promise<`0x${string}`>) => {
    try {
      const signature = await sign()
      if (await verifyMessage({ address, message, signature })) signatures.push(signature)
    } catch {}
  }
  // Solana: every 32-byte value as an ed25519 seed, then the server's own code on every row.
  const solanaSignatures: Uint8Array[] = []
  const collectSolana = (sign: () => Uint8Array) => {
    try {
      const signature = sign()
      if (ed25519.verify(signature, messageBytes, decodeBase58(solanaAddress) as Uint8Array))
        solanaSignatures.push(signature)
    } catch {}
  }
  for (const key of keysToTry) {
    if (key.length !== 32) continue
    if (secp256k1.utils.isValidPrivateKey(key))
      await collect(() => privateKeyToAccount(bytesToHex(key)).signMessage({ message }))
    collectSolana(() => ed25519.sign(messageBytes, key))
  }
  // The server's own code, on every wallet row.
  for (const row of rows.filter((row) => row.__table === 'wallets')) {
    const wallet = walletRow.parse(row)
    await collect(() => walletAccount({ keys }, wallet).signMessage({ message }))
  }
  for (const row of rows.filter((row) => row.__table === 'solana_wallets'))
    collectSolana(() => solanaSigner({ keys }, solanaWalletRow.parse(row)).sign(messageBytes))
  return {
    signatures,
    solanaSignatures,
    candidates: candidates.length,
    keysTried: keysToTry.length,
  }
}
