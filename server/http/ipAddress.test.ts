import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addressBucket, normalizeIp } from './ipAddress'
import { trustedProxies } from './trustedProxies'

const ipv4 = fc.tuple(...Array.from({ length: 4 }, () => fc.integer({ min: 0, max: 255 })))
const hextets = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 })
const hex = (parts: number[]) => parts.map((part) => part.toString(16)).join(':')

describe('normalizeIp and addressBucket', () => {
  test('behavior: an IPv4 address and its IPv4-mapped IPv6 spellings are one bucket', () => {
    fc.assert(
      fc.property(ipv4, (parts) => {
        const dotted = parts.join('.')
        const [a = 0, b = 0, c = 0, d = 0] = parts
        const mappedHex = `::ffff:${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
        expect(normalizeIp(dotted)).toBe(dotted)
        expect(addressBucket(`::ffff:${dotted}`)).toBe(dotted)
        expect(addressBucket(mappedHex)).toBe(dotted)
      }),
    )
  })

  test('behavior: IPv6 addresses share a bucket exactly when their first 64 bits match', () => {
    fc.assert(
      fc.property(hextets, hextets, (left, right) => {
        // Not IPv4-mapped (those count as IPv4).
        fc.pre(!(left.slice(0, 5).every((part) => part === 0) && left[5] === 0xffff))
        fc.pre(!(right.slice(0, 5).every((part) => part === 0) && right[5] === 0xffff))
        const sameNetwork = [...left.slice(0, 4), ...right.slice(4)]
        expect(addressBucket(hex(left))).toBe(addressBucket(hex(sameNetwork)))
        const differs = left.slice(0, 4).some((part, i) => part !== right[i])
        expect(addressBucket(hex(left)) === addressBucket(hex(right))).toBe(!differs)
        // Upper case spells the same address.
        expect(normalizeIp(hex(left).toUpperCase())).toBe(normalizeIp(hex(left)))
      }),
    )
  })

  test('error: garbage is no address and keeps its own (unshared) spelling', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const normalized = normalizeIp(text)
        if (normalized === undefined) expect(addressBucket(text)).toBe(text)
      }),
    )
  })
})

describe('trustedProxies', () => {
  test('parameters: addresses, CIDRs, true and false', () => {
    const isTrusted = trustedProxies(['10.0.0.0/8', '::1', 'fd00::/8'])
    expect(isTrusted('10.200.3.4')).toBe(true)
    expect(isTrusted('11.0.0.1')).toBe(false)
    expect(isTrusted(normalizeIp('::1') ?? '')).toBe(true)
    expect(isTrusted(normalizeIp('fd12::5') ?? '')).toBe(true)
    expect(isTrusted(normalizeIp('fe80::1') ?? '')).toBe(false)
    expect(trustedProxies(true)('203.0.113.1')).toBe(true)
    expect(trustedProxies(false)('127.0.0.1')).toBe(false)
    expect(trustedProxies([])('127.0.0.1')).toBe(false)
  })

  test('error: an entry that is not an address or CIDR is an OptionsValidationError', () => {
    for (const entry of ['nope', '10.0.0.0/33', '10.0.0.0/', '::1/129', '1.2.3.4/8/1'])
      expect(() => trustedProxies([entry])).toThrowError(/Invalid option "trustProxy"/)
  })
})
