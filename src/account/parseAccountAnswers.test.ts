import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  parseNfts,
  parseTokenBalances,
  parseTransactions,
  parseWalletAssets,
} from './parseAccountAnswers'

const token = (decimals: string, extra: Record<string, unknown> = {}) => ({
  name: 'Test Token',
  symbol: 'TST',
  chainId: 'eip155:1',
  address: 'eip155:1:0xabc',
  quantity: { decimals, numeric: '2.5' },
  iconUrl: null,
  ...extra,
})

describe('parseTokenBalances', () => {
  test('default: valid entries are kept as they came', () => {
    expect(parseTokenBalances([token('18')])).toEqual([token('18')])
  })

  test("behavior: tokens with decimals '0' are dropped as low quality (SPEC §5)", () => {
    expect(parseTokenBalances([token('0'), token('6')]).map((t) => t.quantity.decimals)).toEqual([
      '6',
    ])
  })

  test('error: malformed entries are dropped one by one, unsafe icons cleared', () => {
    const kept = parseTokenBalances([
      token('18', { symbol: 42 }),
      token('18', { quantity: { decimals: '18', numeric: '1e9' } }),
      null,
      'ETH',
      token('18', { iconUrl: 'javascript:alert(1)' }),
    ])
    expect(kept).toEqual([token('18', { iconUrl: null })])
  })

  test('behavior: never throws and keeps only well-formed entries, whatever comes', () => {
    fc.assert(
      fc.property(fc.array(fc.anything()), (entries) => {
        for (const entry of parseTokenBalances(entries)) {
          expect(typeof entry.symbol).toBe('string')
          expect(entry.quantity.decimals).not.toBe('0')
        }
      }),
    )
  })
})

describe('parseWalletAssets', () => {
  const asset = (decimals: number, extra: Record<string, unknown> = {}) => ({
    address: '0xabc',
    balance: '0x10',
    type: 'ERC20',
    metadata: { name: 'T', symbol: 'T', decimals, price: 1, iconUrl: '' },
    ...extra,
  })

  test('default: a valid answer is kept, low-quality tokens dropped', () => {
    expect(parseWalletAssets([asset(18), asset(0)])).toEqual([asset(18)])
  })

  test('error: one invalid asset makes the whole answer invalid (SPEC §5)', () => {
    expect(parseWalletAssets([asset(18), asset(18, { type: 'ERC721' })])).toBeUndefined()
    expect(parseWalletAssets([asset(18, { balance: 16 })])).toBeUndefined()
    expect(parseWalletAssets([asset(18, { metadata: { decimals: '18' } })])).toBeUndefined()
    expect(parseWalletAssets({})).toBeUndefined()
  })
})

describe('parseTransactions and parseNfts', () => {
  test('error: malformed transactions are dropped, unsafe previews cleared', () => {
    const good = {
      id: '0x1',
      metadata: {
        operationType: 'send',
        status: 'confirmed',
        sentFrom: '0xa',
        sentTo: '0xb',
        minedAt: '2026-01-01T00:00:00Z',
        chain: 'eip155:1',
      },
      transfers: [
        {
          quantity: { numeric: '1' },
          nft_info: { name: 'X #1', content: { preview: { url: 'http://plain.test/x.png' } } },
        },
      ],
    }
    const parsed = parseTransactions([good, { id: 1 }, { ...good, transfers: 'none' }])
    expect(parsed).toHaveLength(1)
    expect(parsed[0]?.transfers[0]?.nft_info?.content?.preview?.url).toBeNull()
  })

  test('behavior: spam-flagged and malformed NFTs are dropped', () => {
    const nft = {
      chainId: 'eip155:1',
      address: 'eip155:1:0xabc',
      collection: 'Latch',
      tokenId: '0',
      tokenUri: null,
      metadata: { name: 'Latch #0', description: null, image: 'https://images.test/0.png' },
    }
    expect(
      parseNfts([nft, { ...nft, tokenId: '1', flags: { is_spam: true } }, { tokenId: 2 }]),
    ).toEqual([nft])
  })
})
