import { secp256k1 } from '@noble/curves/secp256k1'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeed, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { InvalidWalletSecretError } from '../../src/errors/InvalidWalletSecretError'
import { deriveSolanaSeed } from './deriveSolanaSeed'

/** The EVM account every common wallet derives first from a phrase (BIP-44, coin 60). */
export const evmDerivationPath = "m/44'/60'/0'/0/0"

const wordCounts = new Set([12, 15, 18, 21, 24])
const hexKey = /^(?:0x)?([0-9a-fA-F]{64})$/

function keyFromHex(hex: string): Uint8Array {
  const key = Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
  if (!secp256k1.utils.isValidPrivateKey(key)) {
    key.fill(0)
    throw new InvalidWalletSecretError({ problem: 'PRIVATE_KEY' })
  }
  return key
}

/** The keys of an import: the EVM key, and the Solana seed when a phrase gives one. */
export type ImportedKeys = {
  /** The secp256k1 private key (32 bytes). */
  evmKey: Uint8Array
  /** The ed25519 seed (32 bytes) of a phrase's first Solana account; none for a private key. */
  solanaSeed?: Uint8Array
}

/**
 * The keys of what the visitor typed: a private key (64 hex digits, `0x` optional: the EVM key
 * alone), or a BIP-39 English recovery phrase (12 to 24 words; case, spaces and line breaks do
 * not matter; no passphrase), derived at {@link evmDerivationPath} for EVM and at
 * `m/44'/501'/0'/0'` (SLIP-0010, deriveSolanaSeed.ts) for Solana. Anything else throws an
 * {@link InvalidWalletSecretError} that never repeats what was typed. The caller zeroes the keys.
 */
export async function deriveImportKey(secret: string): Promise<ImportedKeys> {
  const text = secret.normalize('NFKD').trim()
  const hex = hexKey.exec(text)
  if (hex?.[1]) return { evmKey: keyFromHex(hex[1]) }
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  if (!wordCounts.has(words.length)) throw new InvalidWalletSecretError({ problem: 'WORD_COUNT' })
  const known = new Set(wordlist)
  const unknown = words.findIndex((word) => !known.has(word))
  if (unknown !== -1)
    throw new InvalidWalletSecretError({ problem: 'UNKNOWN_WORD', position: unknown + 1 })
  const phrase = words.join(' ')
  if (!validateMnemonic(phrase, wordlist))
    throw new InvalidWalletSecretError({ problem: 'CHECKSUM' })
  const seed = await mnemonicToSeed(phrase)
  try {
    const account = HDKey.fromMasterSeed(seed).derive(evmDerivationPath)
    const key = account.privateKey
    if (!key) throw new InvalidWalletSecretError({ problem: 'PRIVATE_KEY' })
    const evmKey = key.slice()
    account.wipePrivateData()
    return { evmKey, solanaSeed: deriveSolanaSeed(seed) }
  } finally {
    seed.fill(0)
  }
}
