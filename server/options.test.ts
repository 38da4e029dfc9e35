import { describe, expect, test } from 'vitest'
import { parseServerOptions } from './options'

describe('parseServerOptions', () => {
  test('default: loopback dev server', () => {
    const options = parseServerOptions()
    expect(options).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: 'file:./latchkey.db',
      otpTtlMs: 600_000,
      otpMaxAttempts: 5,
      chains: {},
      trustProxy: false,
      rateLimits: {
        codesPerEmail: { limit: 5, windowMs: 600_000 },
        codesPerAddress: { limit: 20, windowMs: 600_000 },
      },
    })
    expect(options.smtpUrl).toBeUndefined()
    expect(options.rateLimits).toMatchObject({
      codesPerEmailAllDevices: { limit: 30, windowMs: 3_600_000 },
      failedChecksPerEmail: { limit: 10, windowMs: 3_600_000 },
      lockoutMs: [60_000, 300_000, 900_000, 3_600_000, 14_400_000, 86_400_000],
      lockoutResetMs: 86_400_000,
    })
  })

  test('behavior: bad values and unknown keys name the option', () => {
    expect(() => parseServerOptions({ port: -1 })).toThrowError(
      'Invalid option "port": Expected a number >= 0, received -1.',
    )
    expect(() => parseServerOptions({ chains: { mainnet: 'http://x' } })).toThrowError(
      /Invalid option "chains.mainnet"/,
    )
    expect(() => parseServerOptions({ chains: { 1: 'not a url' } })).toThrowError(
      /Invalid option "chains.1"/,
    )
    expect(() => parseServerOptions({ foo: 1 } as never)).toThrowError('Unknown option "foo".')
    expect(() =>
      parseServerOptions({ rateLimits: { codesPerEmail: { limit: 0, windowMs: 1 } } }),
    ).toThrowError(/rateLimits.codesPerEmail.limit/)
  })
})
