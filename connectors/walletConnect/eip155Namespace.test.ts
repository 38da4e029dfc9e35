import { describe, expect, test } from 'vitest'
import { eip155Namespace } from './eip155Namespace'

describe('eip155Namespace', () => {
  test('default: chains in order, the RPC URL of each, wallet methods and events', () => {
    const namespace = eip155Namespace({
      chainIds: [56, 1, 56],
      rpcMap: { 1: 'http://127.0.0.1:8545/', 56: 'http://127.0.0.1:8546/', 10: 'http://x/' },
    })
    expect(namespace.chains).toEqual(['eip155:56', 'eip155:1'])
    expect(namespace.rpcMap).toEqual({ 1: 'http://127.0.0.1:8545/', 56: 'http://127.0.0.1:8546/' })
    expect(namespace.events).toEqual(['chainChanged', 'accountsChanged'])
    expect(namespace.methods).toContain('personal_sign')
    expect(namespace.methods).toContain('wallet_switchEthereumChain')
  })

  test('behavior: reads are not wallet methods (they go to the rpcMap URL)', () => {
    const { methods } = eip155Namespace({ chainIds: [1], rpcMap: {} })
    for (const read of ['eth_call', 'eth_getBalance', 'eth_blockNumber', 'eth_sendRawTransaction'])
      expect(methods).not.toContain(read)
  })
})
