import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey } from '@solana/kit'
import { bytesToHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { phraseSolanaAddress as referenceSolanaAddress } from '../../test/harness/phraseSolanaAddress'
import { deriveImportKey } from './deriveImportKey'

// The frame's import derivation against others: viem's BIP-39 and BIP-32 for the EVM account;
// for the Solana account, a phrase's address as wallets publish it, and node's own PBKDF2 and
// HMAC-SHA512 with WebCrypto's ed25519 (test/harness/phraseSolanaAddress.ts), none of them the
// code under test.

const phrase = 'test test test test test test test test test test test junk'

const solanaAddressOf = async (seed: Uint8Array | undefined) =>
  seed
    ? getAddressFromPublicKey((await createKeyPairFromPrivateKeyBytes(seed)).publicKey)
    : undefined

describe('deriveImportKey', () => {
  test('default: a recovery phrase gives the address viem derives at m/44’/60’/0’/0/0', async () => {
    const { evmKey } = await deriveImportKey(phrase)
    expect(privateKeyToAccount(bytesToHex(evmKey)).address).toBe(mnemonicToAccount(phrase).address)
  })

  test('default: a recovery phrase gives its Solana account at m/44’/501’/0’/0’, as Phantom and Solflare do', async () => {
    // The canonical BIP-39 test phrase's first Solana account, as wallets and libraries publish it.
    const abandon = `${'abandon '.repeat(11)}about`
    const known = await deriveImportKey(abandon)
    expect(await solanaAddressOf(known.solanaSeed)).toBe(
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    )
    expect(await referenceSolanaAddress(abandon)).toBe(
      'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    )
    for (const words of [phrase, generateMnemonic(wordlist, 256)]) {
      const { solanaSeed } = await deriveImportKey(words)
      expect(await solanaAddressOf(solanaSeed)).toBe(await referenceSolanaAddress(words))
    }
  })

  test('behavior: case, spaces and line breaks do not matter; a hex key with or without 0x, with no Solana seed', async () => {
    const messy = `  ${phrase.toUpperCase().replaceAll(' ', ' \n\t ')}  `
    const { evmKey, solanaSeed } = await deriveImportKey(messy)
    expect(privateKeyToAccount(bytesToHex(evmKey)).address).toBe(mnemonicToAccount(phrase).address)
    expect(await solanaAddressOf(solanaSeed)).toBe(await referenceSolanaAddress(phrase))
    const hex = bytesToHex(evmKey)
    // A private key is an EVM key alone: the import makes a new Solana seed for it.
    expect(await deriveImportKey(hex)).toEqual({ evmKey })
    expect(await deriveImportKey(` ${hex.slice(2).toUpperCase()} `)).toEqual({ evmKey })
  })

  test('error: a bad checksum, an unknown word, a wrong count and an invalid key are typed, naming no word', async () => {
    const cases: [string, Record<string, unknown>][] = [
      [phrase.replace('junk', 'test'), { problem: 'CHECKSUM' }],
      [phrase.replace('junk', 'junko'), { problem: 'UNKNOWN_WORD', position: 12 }],
      ['test test test', { problem: 'WORD_COUNT' }],
      ['', { problem: 'WORD_COUNT' }],
      [`0x${'0'.repeat(64)}`, { problem: 'PRIVATE_KEY' }],
      [`0x${'f'.repeat(64)}`, { problem: 'PRIVATE_KEY' }],
    ]
    for (const [secret, expected] of cases) {
      const error = await deriveImportKey(secret).catch((caught: unknown) => caught)
      expect(error).toMatchObject({ name: 'InvalidWalletSecretError', ...expected })
      expect((error as Error).message).not.toMatch(/junko|\btest\b/)
    }
  })
})
