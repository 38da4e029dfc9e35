import { describe, expect, test } from 'vitest'
import { InvalidSolanaClusterError } from '../errors/InvalidSolanaClusterError'
import { getNetwork } from '../networks'
import { resolveSolanaClusters, solanaClusters } from './solanaClusters'

describe('resolveSolanaClusters', () => {
  test('default: mainnet, devnet, testnet with their public URLs and chains', () => {
    expect(resolveSolanaClusters().map(({ id, chain, rpcUrl }) => [id, chain, rpcUrl])).toEqual([
      ['mainnet', 'solana:mainnet', 'https://api.mainnet-beta.solana.com'],
      ['devnet', 'solana:devnet', 'https://api.devnet.solana.com'],
      ['testnet', 'solana:testnet', 'https://api.testnet.solana.com'],
    ])
  })

  test('behavior: the public clusters carry the CAIP-2 ids of the network catalogue', () => {
    for (const cluster of Object.values(solanaClusters)) {
      const network = getNetwork(cluster.caipNetworkId ?? 'solana:none')
      expect(network?.name).toBe(cluster.name)
    }
  })

  test('parameters: any URL the host gives, a known id keeps its chain', () => {
    const [devnet, local] = resolveSolanaClusters([
      { id: 'devnet', rpcUrl: 'https://rpc.example/devnet' },
      { id: 'localnet', rpcUrl: 'http://127.0.0.1:8899' },
    ])
    expect(devnet).toMatchObject({ chain: 'solana:devnet', name: 'Solana Devnet' })
    expect(devnet?.rpcUrl).toBe('https://rpc.example/devnet')
    expect(local).toEqual({
      id: 'localnet',
      name: 'localnet',
      rpcUrl: 'http://127.0.0.1:8899',
      chain: 'solana:localnet',
      caipNetworkId: undefined,
    })
  })

  test('behavior: refuses what cannot be a cluster', () => {
    const bad = [
      [],
      ['localnet'],
      [{ id: 'x', rpcUrl: 'ftp://rpc.example' }],
      [{ id: 'x', rpcUrl: 'javascript:alert(1)' }],
      [{ id: 'x', rpcUrl: 'https://user:pass@rpc.example' }],
      [{ id: 'x', rpcUrl: 'not a url' }],
      [{ id: '', rpcUrl: 'https://rpc.example' }],
      [{ id: 'a b', rpcUrl: 'https://rpc.example' }],
      [{ id: 'x', rpcUrl: 'https://rpc.example', chain: 'eip155:1' }],
      ['devnet', { id: 'devnet', rpcUrl: 'https://rpc.example' }],
    ]
    for (const clusters of bad)
      expect(() => resolveSolanaClusters(clusters as never), JSON.stringify(clusters)).toThrow(
        InvalidSolanaClusterError,
      )
    expect(() => resolveSolanaClusters(['localnet' as never])).toThrowErrorMatchingInlineSnapshot(`
      [InvalidSolanaClusterError: Solana cluster "localnet" is invalid: a cluster given by name must be mainnet, devnet or testnet.

      - Give createSolanaAdapter \`clusters\`: "mainnet", "devnet", "testnet", or
        { id, rpcUrl: "https://…", chain?: "solana:…" }; switch only to one of their ids.

      Docs: node_modules/latchkey/docs/errors.md#solana
      Version: latchkey@0.1.0]
    `)
  })
})
