import { expect, test } from 'vitest'
import { createLocalActivity } from './createLocalActivity'

function memory() {
  const map = new Map<string, string>()
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  }
}

const sent = {
  hash: `0x${'1'.repeat(64)}`,
  chainId: 1,
  from: '0xAAAA000000000000000000000000000000000001',
  to: '0xbbbb000000000000000000000000000000000002',
  amount: '0.5',
  symbol: 'ETH',
} as const

test('default: a sent transaction is listed for its sender on its chain, newest first, and survives a reload', () => {
  const storage = memory()
  let time = Date.parse('2026-11-01T00:00:00Z')
  const activity = createLocalActivity({ storage, now: () => time })
  activity.record(sent)
  time += 60_000
  activity.record({ ...sent, hash: `0x${'2'.repeat(64)}`, amount: '1' })
  const again = createLocalActivity({ storage })
  const list = again.list(sent.from.toLowerCase(), 1)
  expect(list.map((tx) => tx.transfers[0]?.quantity.numeric)).toEqual(['1', '0.5'])
  expect(list[0]).toMatchObject({
    metadata: { operationType: 'send', status: 'pending', chain: 'eip155:1' },
    transfers: [{ direction: 'out', fungible_info: { symbol: 'ETH' } }],
  })
  expect(again.list(sent.from, 56)).toEqual([])
})

test('behavior: recording the same hash again updates its status in place', () => {
  const activity = createLocalActivity()
  activity.record(sent)
  activity.record({ ...sent, status: 'confirmed' })
  const list = activity.list(sent.to, 1)
  expect(list).toHaveLength(1)
  expect(list[0]?.metadata.status).toBe('confirmed')
})

test('error: a stored value that is not a transaction list is dropped and cleared', () => {
  const storage = memory()
  storage.setItem('latchkey.activity', '[{"id":1}]')
  expect(createLocalActivity({ storage }).list(sent.from, 1)).toEqual([])
  expect(storage.map.has('latchkey.activity')).toBe(false)
  storage.setItem('latchkey.activity', '{not json')
  expect(createLocalActivity({ storage }).list(sent.from, 1)).toEqual([])
})
