import { describe, expect, test } from 'vitest'
import { getEvmNetwork, getNetwork, networks } from './networks'
import { isCaipNetworkId } from './utils/caip'
import { isSafeLinkUrl } from './utils/url'

describe('networks', () => {
  test('default: the SPEC §3 catalogue', () => {
    expect(
      networks.map((network) => `${network.caipNetworkId} ${network.name}`),
    ).toMatchInlineSnapshot(`
      [
        "eip155:1 Ethereum",
        "eip155:11155111 Sepolia",
        "eip155:17000 Holesky",
        "eip155:10 OP Mainnet",
        "eip155:42161 Arbitrum One",
        "eip155:137 Polygon",
        "eip155:42220 Celo",
        "eip155:1313161554 Aurora",
        "eip155:56 BNB Smart Chain",
        "eip155:43114 Avalanche",
        "eip155:324 ZKsync Era",
        "eip155:100 Gnosis",
        "eip155:8453 Base",
        "eip155:7777777 Zora",
        "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp Solana",
        "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1 Solana Devnet",
        "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z Solana Testnet",
      ]
    `)
  })

  test('behavior: every entry is consistent', () => {
    const ids = new Set<string>()
    for (const network of networks) {
      expect(isCaipNetworkId(network.caipNetworkId)).toBe(true)
      expect(network.caipNetworkId).toBe(`${network.chainNamespace}:${network.id}`)
      expect(network.color).toMatch(/^#[0-9A-F]{6}$/)
      expect(network.imageId).toMatch(/^[a-z]+$/)
      expect(network.nativeCurrency.symbol).not.toBe('')
      expect(isSafeLinkUrl(network.explorerUrl)).toBe(true)
      expect(network.explorerUrl?.endsWith('/')).toBe(false)
      ids.add(network.caipNetworkId)
    }
    expect(ids.size).toBe(networks.length)
  })

  test('behavior: testnets are marked', () => {
    expect(networks.filter((network) => network.testnet).map((network) => network.name)).toEqual([
      'Sepolia',
      'Holesky',
      'Solana Devnet',
      'Solana Testnet',
    ])
  })

  test('behavior: the catalogue cannot be changed', () => {
    const bsc = getEvmNetwork(56)
    expect(Object.isFrozen(networks)).toBe(true)
    expect(Object.isFrozen(bsc)).toBe(true)
    expect(Object.isFrozen(bsc?.nativeCurrency)).toBe(true)
  })
})

describe('getNetwork', () => {
  test('default', () => {
    expect(getNetwork('eip155:56')).toMatchObject({
      id: 56,
      name: 'BNB Smart Chain',
      nativeCurrency: { symbol: 'BNB', decimals: 18 },
      imageId: 'bnb',
      explorerUrl: 'https://bscscan.com',
    })
    expect(getNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')?.nativeCurrency).toEqual({
      name: 'Solana',
      symbol: 'SOL',
      decimals: 9,
    })
  })

  test('behavior: unknown is undefined', () => {
    expect(getNetwork('eip155:999999')).toBeUndefined()
    expect(getNetwork('')).toBeUndefined()
  })
})

describe('getEvmNetwork', () => {
  test('default', () => {
    expect(getEvmNetwork(1)?.name).toBe('Ethereum')
    expect(getEvmNetwork(1)?.nativeCurrency.symbol).toBe('ETH')
    expect(getEvmNetwork(31337)).toBeUndefined()
  })
})
