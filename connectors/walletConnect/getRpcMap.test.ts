import { fallback, http } from 'viem'
import { bsc, mainnet, optimism } from 'viem/chains'
import { describe, expect, test } from 'vitest'
import { getRpcMap } from './getRpcMap'

describe('getRpcMap', () => {
  test('default: the transports give every chain its URL', () => {
    expect(
      getRpcMap({
        chains: [mainnet, bsc],
        transports: { 1: http('http://127.0.0.1:8545'), 56: http('http://127.0.0.1:8546/') },
      }),
    ).toEqual({ 1: 'http://127.0.0.1:8545/', 56: 'http://127.0.0.1:8546/' })
  })

  test("parameters: the host's rpcMap wins", () => {
    expect(
      getRpcMap({
        chains: [mainnet],
        transports: { 1: http('http://127.0.0.1:8545') },
        rpcMap: { 1: 'http://127.0.0.1:9000/' },
      }),
    ).toEqual({ 1: 'http://127.0.0.1:9000/' })
  })

  test('behavior: fallback transports give their first URL; no transport URL gives the chain default, never WalletConnect RPC', () => {
    const map = getRpcMap({
      chains: [mainnet, optimism],
      transports: {
        1: fallback([http('http://127.0.0.1:1111'), http('http://127.0.0.1:2222')]),
        10: http(),
      },
      rpcMap: { 10: 'javascript:alert(1)' },
    })
    expect(map[1]).toBe('http://127.0.0.1:1111/')
    expect(map[10]).toBe(new URL(optimism.rpcUrls.default.http[0] ?? '').href)
    expect(Object.values(map).join(' ')).not.toContain('walletconnect')
  })
})
