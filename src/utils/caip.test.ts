import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidCaipAddressError } from '../errors/InvalidCaipAddressError'
import { InvalidCaipNetworkIdError } from '../errors/InvalidCaipNetworkIdError'
import { chainNamespaces } from '../networks'
import {
  isCaipAddress,
  isCaipNetworkId,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './caip'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const namespace = fc.constantFrom(...chainNamespaces)
const reference = fc.string({
  unit: fc.constantFrom(...'-_abcXYZ0123456789'),
  minLength: 1,
  maxLength: 32,
})
const accountAddress = fc.string({
  unit: fc.constantFrom(...'-.%abcdefXYZ0123456789'),
  minLength: 1,
  maxLength: 128,
})

describe('parseCaipAddress', () => {
  test('default', () => {
    expect(parseCaipAddress(`eip155:1:${address}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address,
      caipNetworkId: 'eip155:1',
    })
    expect(
      parseCaipAddress(
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      ).caipNetworkId,
    ).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  })

  test('behavior: throws InvalidCaipAddressError', () => {
    for (const value of [
      '',
      'eip155:1',
      `eip155::${address}`,
      'eip155:1:',
      `:1:${address}`,
      `foo:1:${address}`,
      `eip155:1:${address}:extra`,
      `eip155:1:${address} `,
    ]) {
      expect(() => parseCaipAddress(value)).toThrow(InvalidCaipAddressError)
    }
    expect(() => parseCaipAddress('x')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCaipAddressError: CAIP address "x" is invalid.

      - Expected "namespace:reference:address", e.g. "eip155:1:0xf39F…2266".
      - Known namespaces: eip155, solana, polkadot, bip122, cosmos.

      Version: latchkey@0.1.0]
    `)
  })

  test('behavior: round trip with toCaipAddress', () => {
    fc.assert(
      fc.property(namespace, reference, accountAddress, (ns, ref, account) => {
        const caipNetworkId = toCaipNetworkId(ns, ref)
        const caipAddress = toCaipAddress(caipNetworkId, account)
        expect(parseCaipAddress(caipAddress)).toEqual({
          namespace: ns,
          reference: ref,
          address: account,
          caipNetworkId,
        })
        expect(isCaipAddress(caipAddress)).toBe(true)
      }),
    )
  })
})

describe('isCaipAddress', () => {
  test('default', () => {
    expect(isCaipAddress(`eip155:56:${address}`)).toBe(true)
    expect(isCaipAddress(`eip155:56`)).toBe(false)
    expect(isCaipAddress(`cardano:1:${address}`)).toBe(false)
  })

  test('behavior: never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        expect(typeof isCaipAddress(value as string)).toBe('boolean')
      }),
    )
  })
})

describe('parseCaipNetworkId', () => {
  test('default', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' })
  })

  test('behavior: throws InvalidCaipNetworkIdError', () => {
    for (const value of ['', 'eip155', 'eip155:', ':1', 'foo:1', 'eip155:1:2', 'eip155:1 ']) {
      expect(() => parseCaipNetworkId(value)).toThrow(InvalidCaipNetworkIdError)
    }
  })

  test('behavior: round trip with toCaipNetworkId', () => {
    fc.assert(
      fc.property(namespace, reference, (ns, ref) => {
        expect(parseCaipNetworkId(toCaipNetworkId(ns, ref))).toEqual({
          namespace: ns,
          reference: ref,
        })
      }),
    )
  })
})

describe('isCaipNetworkId', () => {
  test('behavior: never throws on arbitrary input', () => {
    expect(isCaipNetworkId('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe(true)
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        expect(typeof isCaipNetworkId(value as string)).toBe('boolean')
      }),
    )
  })
})

describe('toCaipNetworkId', () => {
  test('default', () => {
    expect(toCaipNetworkId('eip155', 56)).toBe('eip155:56')
  })

  test('behavior: refuses unknown namespaces and bad references', () => {
    expect(() => toCaipNetworkId('foo', 1)).toThrow(InvalidCaipNetworkIdError)
    expect(() => toCaipNetworkId('eip155', 'a:b')).toThrow(InvalidCaipNetworkIdError)
  })
})

describe('toCaipAddress', () => {
  test('default', () => {
    expect(toCaipAddress('eip155:1', address)).toBe(`eip155:1:${address}`)
  })

  test('behavior: refuses what would not parse', () => {
    expect(() => toCaipAddress('eip155:1', '')).toThrow(InvalidCaipAddressError)
    expect(() => toCaipAddress('eip155', address)).toThrow(InvalidCaipAddressError)
  })
})
