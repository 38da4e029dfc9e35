import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import {
  databaseUrl,
  decimal,
  listOrSwitch,
  listsByKey,
  portNumber,
  wholeNumbers,
} from './serveFlagValues'

describe('serve flag readers', () => {
  test('default: each reads what its flag takes', () => {
    expect(portNumber(['8787'], '--port')).toBe(8787)
    expect(portNumber(['1', '0'], '--port')).toBe(0)
    expect(decimal(['1.5'], '--base-fee-multiplier')).toBe(1.5)
    expect(wholeNumbers(['1,56', '137'], '--siwx-chain')).toEqual([1, 56, 137])
    expect(
      listsByKey(
        ['*=http://localhost:*', 'demo=https://a.example, https://b.example'],
        '--origins',
      ),
    ).toEqual({ '*': ['http://localhost:*'], demo: ['https://a.example', 'https://b.example'] })
  })

  test('behavior: a bare database path becomes a file: URL, URLs and :memory: stay', () => {
    expect(databaseUrl(['./latchkey.db'])).toBe('file:./latchkey.db')
    for (const url of ['file:a.db', 'libsql://db.example', 'https://db.example', ':memory:'])
      expect(databaseUrl([url])).toBe(url)
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (path) => {
        const url = databaseUrl([path])
        expect(url === path || url === `file:${path}`).toBe(true)
        expect(databaseUrl([url])).toBe(url)
      }),
    )
  })

  test('behavior: --trust-proxy is a list, or a switch when no value is an address', () => {
    expect(listOrSwitch(['10.0.0.0/8,::1'])).toEqual(['10.0.0.0/8', '::1'])
    expect(listOrSwitch(['true'])).toBe(true)
    expect(listOrSwitch(['no'])).toBe(false)
    expect(listOrSwitch([])).toBe(false)
    expect(listOrSwitch(['true', '10.0.0.1'])).toEqual(['10.0.0.1'])
  })

  test('error: a value of the wrong shape names the flag', () => {
    expect(() => portNumber(['eighty'], '--port')).toThrowError(OptionsValidationError)
    expect(() => portNumber(['-1'], '--port')).toThrowError(/Invalid option "--port"/)
    expect(() => decimal(['1e3'], '--base-fee-multiplier')).toThrowError(
      /--base-fee-multiplier.*Expected a number such as 2 or 1.5, received "1e3"/s,
    )
    expect(() => wholeNumbers(['1,zero'], '--siwx-chain')).toThrowError(/"zero"/)
    expect(() => listsByKey(['no-equals'], '--origins')).toThrowError(/Expected key=value/)
  })
})
