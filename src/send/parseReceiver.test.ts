import fc from 'fast-check'
import { getAddress } from 'viem'
import { describe, expect, test } from 'vitest'
import { parseReceiver } from './parseReceiver'

const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('parseReceiver', () => {
  test('default: an address in one letter case, with or without 0x, comes back checksummed', () => {
    for (const input of [
      checksummed.toLowerCase(),
      `0x${checksummed.slice(2).toUpperCase()}`,
      checksummed.slice(2).toLowerCase(),
      `  ${checksummed}  `,
    ])
      expect(parseReceiver(input)).toEqual({ kind: 'address', address: checksummed })
  })

  test('behavior: a dotted name goes to the name service, lower-cased', () => {
    expect(parseReceiver('Alice.eth')).toEqual({ kind: 'name', name: 'alice.eth' })
    expect(parseReceiver('pay.alice.base.eth')).toEqual({
      kind: 'name',
      name: 'pay.alice.base.eth',
    })
  })

  test('behavior: nothing typed is empty, not invalid', () => {
    expect(parseReceiver('')).toEqual({ kind: 'empty' })
    expect(parseReceiver('   ')).toEqual({ kind: 'empty' })
  })

  test('error: a mixed-case typo, wrong length, non-hex or plain words are invalid', () => {
    for (const input of [
      checksummed.replace('C5', 'c5'),
      checksummed.slice(0, -1),
      `${checksummed}0`,
      '0xZZ997970C51812dc3A010C7d01b50e0d17dc79C8',
      'not an address',
      'alice',
      '0X70997970c51812dc3a010c7d01b50e0d17dc79c8',
      'javascript:alert(1)',
    ])
      expect(parseReceiver(input)).toEqual({ kind: 'invalid' })
  })

  test('behavior: every 20-byte address is read back as itself, in any single case or checksummed (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.boolean(),
        (bytes, prefix) => {
          const hex = Buffer.from(bytes).toString('hex')
          const address = getAddress(`0x${hex}`)
          for (const input of [hex, hex.toUpperCase(), address.slice(2)]) {
            const typed = prefix || input === address.slice(2) ? `0x${input}` : input
            expect(parseReceiver(typed)).toEqual({ kind: 'address', address })
          }
        },
      ),
    )
  })

  test('behavior: no string that is not 40 hex digits is ever read as an address (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (input) => {
        const parsed = parseReceiver(input)
        if (parsed.kind === 'address')
          expect(input.trim().replace(/^0x/, '')).toMatch(/^[0-9a-fA-F]{40}$/)
      }),
    )
  })
})
