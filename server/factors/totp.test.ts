import { describe, expect, test } from 'vitest'
import { decodeBase32, encodeBase32, hotp, matchTotpStep, otpauthUri, totpStep } from './totp'

// RFC 6238 Appendix B's SHA-1 seed ("12345678901234567890") and its 8-digit vectors, and
// RFC 4226 Appendix D's 6-digit HOTP values.
const seed = Buffer.from('12345678901234567890')

describe('totp', () => {
  test('default: RFC 4226 HOTP values and RFC 6238 TOTP vectors (SHA-1)', () => {
    expect([0, 1, 2, 9].map((counter) => hotp(seed, counter))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ])
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ]
    for (const [seconds, code] of vectors)
      expect(hotp(seed, totpStep(seconds * 1000), 8)).toBe(code)
  })

  test('behavior: the step before and after match, two steps away does not', () => {
    const at = 1_900_000_000_000
    const step = totpStep(at)
    expect(matchTotpStep(seed, hotp(seed, step), at)).toBe(step)
    expect(matchTotpStep(seed, hotp(seed, step - 1), at)).toBe(step - 1)
    expect(matchTotpStep(seed, hotp(seed, step + 1), at)).toBe(step + 1)
    expect(matchTotpStep(seed, hotp(seed, step - 2), at)).toBeUndefined()
    expect(matchTotpStep(seed, hotp(seed, step + 2), at)).toBeUndefined()
    expect(matchTotpStep(seed, '12345', at)).toBeUndefined()
  })

  test('default: base32 both ways and the otpauth URI', () => {
    expect(encodeBase32(seed)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')
    expect(decodeBase32('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(seed)
    expect(decodeBase32('not base32!')).toBeUndefined()
    expect(otpauthUri({ secret: 'ABC', issuer: 'Latchkey wallet', account: 'a@b.test' })).toBe(
      'otpauth://totp/Latchkey%20wallet:a%40b.test?secret=ABC&issuer=Latchkey+wallet&algorithm=SHA1&digits=6&period=30',
    )
  })
})
