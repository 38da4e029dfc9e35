import { bytesToHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { deriveImportKey } from './deriveImportKey'

// The frame's import derivation against viem's own (an independent implementation of BIP-39 and
// BIP-32): the same phrase gives the same first EVM account.

const phrase = 'test test test test test test test test test test test junk'

describe('deriveImportKey', () => {
  test('default: a recovery phrase gives the address viem derives at m/44’/60’/0’/0/0', async () => {
    const key = await deriveImportKey(phrase)
    expect(privateKeyToAccount(bytesToHex(key)).address).toBe(mnemonicToAccount(phrase).address)
  })

  test('behavior: case, spaces and line breaks do not matter; a hex key with or without 0x', async () => {
    const messy = `  ${phrase.toUpperCase().replaceAll(' ', ' \n\t ')}  `
    const key = await deriveImportKey(messy)
    expect(privateKeyToAccount(bytesToHex(key)).address).toBe(mnemonicToAccount(phrase).address)
    const hex = bytesToHex(key)
    expect(bytesToHex(await deriveImportKey(hex))).toBe(hex)
    expect(bytesToHex(await deriveImportKey(` ${hex.slice(2).toUpperCase()} `))).toBe(hex)
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
