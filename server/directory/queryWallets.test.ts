import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { queryWallets } from './queryWallets'
import type { DirectoryWallet } from './registrySchema'
import { walletsQuerySchema } from './walletsQuery'

const chainIds = ['eip155:1', 'eip155:10', 'eip155:8453', 'solana:main']
const wallet = fc.record({
  id: fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/),
  name: fc.string({ minLength: 1, maxLength: 8 }),
  chains: fc.subarray(chainIds),
  badge_type: fc.constantFrom('certified' as const, 'none' as const),
})
const registry = fc.uniqueArray(wallet, { selector: (entry) => entry.id, maxLength: 60 })

describe('queryWallets', () => {
  test('property: the pages together are exactly the matching wallets, in order, and count them', () => {
    fc.assert(
      fc.property(
        registry,
        fc.integer({ min: 1, max: 100 }),
        fc.option(fc.constantFrom('certified', 'none'), { nil: undefined }),
        fc.subarray(chainIds),
        fc.string({ maxLength: 2 }),
        fc.boolean(),
        (wallets: DirectoryWallet[], entries, badge, chains, search, useInclude) => {
          const ids = wallets.map((entry) => entry.id)
          const include = useInclude ? ids.filter((_, index) => index % 2 === 0) : []
          const exclude = ids.filter((_, index) => index % 3 === 0)
          const query = walletsQuerySchema.parse({
            entries: String(entries),
            include: include.join(','),
            exclude: exclude.join(','),
            chains: chains.join(','),
            search,
            ...(badge ? { badge_type: badge } : {}),
          })
          const expected = wallets.filter(
            (entry) =>
              (!useInclude || include.includes(entry.id)) &&
              !exclude.includes(entry.id) &&
              (badge !== 'certified' || entry.badge_type === 'certified') &&
              (chains.length === 0 || entry.chains.some((chain) => chains.includes(chain))) &&
              entry.name.toLowerCase().includes(search.trim().toLowerCase()),
          )
          const pages = []
          for (let page = 1; page <= Math.ceil(expected.length / entries) + 1; page++) {
            const answer = queryWallets(wallets, { ...query, page })
            expect(answer.count).toBe(expected.length)
            expect(answer.data.length).toBeLessThanOrEqual(entries)
            pages.push(...answer.data)
          }
          expect(pages).toEqual(expected)
        },
      ),
    )
  })
})
