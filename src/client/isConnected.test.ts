import { describe, expect, test } from 'vitest'
import { isConnected } from './isConnected'
import { readConnection } from './readConnection'

const account = '0x00000000000000000000000000000000000000a1'

describe('isConnected', () => {
  test('default: connected with an account', () => {
    expect(isConnected({ status: 'connected', address: account })).toBe(true)
  })

  test('behavior: restoring, connecting, disconnected or without an account is not connected', () => {
    expect(isConnected({ status: 'reconnecting', address: account })).toBe(false)
    expect(isConnected({ status: 'connecting', address: account })).toBe(false)
    expect(isConnected({ status: 'disconnected' })).toBe(false)
    expect(isConnected({ status: 'connected' })).toBe(false)
  })

  test('behavior: reads the current connection of wagmi state', () => {
    const connections = new Map([
      ['a', { accounts: [account] }],
      ['b', { accounts: [] }],
    ])
    expect(readConnection({ status: 'connected', current: 'a', connections })).toEqual({
      status: 'connected',
      address: account,
    })
    expect(isConnected(readConnection({ status: 'connected', current: 'b', connections }))).toBe(
      false,
    )
    expect(readConnection({ status: 'disconnected', current: null, connections })).toEqual({
      status: 'disconnected',
      address: undefined,
    })
  })
})
