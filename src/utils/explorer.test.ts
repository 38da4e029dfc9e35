import { describe, expect, test } from 'vitest'
import { getEvmNetwork, getNetwork, type NetworkInfo } from '../networks'
import { getExplorerAddressUrl, getExplorerTransactionUrl } from './explorer'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

describe('getExplorerAddressUrl', () => {
  test('default', () => {
    const mainnet = getEvmNetwork(1) as NetworkInfo
    expect(getExplorerAddressUrl(mainnet, address)).toBe(`https://etherscan.io/address/${address}`)
  })

  test('behavior: solana clusters', () => {
    const main = getNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp') as NetworkInfo
    const dev = getNetwork('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1') as NetworkInfo
    expect(getExplorerAddressUrl(main, solanaAddress)).toBe(
      `https://solscan.io/account/${solanaAddress}`,
    )
    expect(getExplorerAddressUrl(dev, solanaAddress)).toBe(
      `https://solscan.io/account/${solanaAddress}?cluster=devnet`,
    )
  })

  test('behavior: no explorer, no URL; values are encoded', () => {
    const mainnet = getEvmNetwork(1) as NetworkInfo
    expect(getExplorerAddressUrl({ ...mainnet, explorerUrl: undefined }, address)).toBeUndefined()
    expect(getExplorerAddressUrl(mainnet, '../x?y')).toBe('https://etherscan.io/address/..%2Fx%3Fy')
  })
})

describe('getExplorerTransactionUrl', () => {
  test('default', () => {
    const bsc = getEvmNetwork(56) as NetworkInfo
    const hash = `0x${'ab'.repeat(32)}`
    expect(getExplorerTransactionUrl(bsc, hash)).toBe(`https://bscscan.com/tx/${hash}`)
  })
})
