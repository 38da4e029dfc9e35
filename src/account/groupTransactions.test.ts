import { describe, expect, test } from 'vitest'
import type { Transaction } from '../schemas/accountData'
import { groupTransactions } from './groupTransactions'
import { transactionSign } from './transactionSign'

const chain = 'eip155:1'
const now = Date.parse('2026-11-20T12:00:00Z')

function tx(
  id: string,
  minedAt: string,
  extra: {
    chain?: string
    operationType?: string
    spam?: boolean[]
    direction?: 'in' | 'out' | 'self'
  } = {},
): Transaction {
  return {
    id,
    metadata: {
      operationType: extra.operationType ?? 'send',
      status: 'confirmed',
      sentFrom: '0xa',
      sentTo: '0xb',
      minedAt,
      chain: extra.chain ?? chain,
    },
    transfers: extra.spam
      ? extra.spam.map((is_spam) => ({
          quantity: { numeric: '1' },
          nft_info: { name: 'X #1', flags: { is_spam } },
        }))
      : [
          {
            direction: extra.direction ?? 'out',
            quantity: { numeric: '1' },
            fungible_info: { symbol: 'ETH' },
          },
        ],
  }
}

const group = (list: Transaction[]) =>
  groupTransactions(list, { chain, now, timeZone: 'UTC' }).map((g) => ({
    title: g.title,
    ids: g.transactions.map((t) => t.id),
  }))

describe('groupTransactions', () => {
  test('default: by year and month, newest first, the year only on other years', () => {
    expect(
      group([
        tx('a', '2026-10-02T00:00:00Z'),
        tx('b', '2026-11-03T00:00:00Z'),
        tx('c', '2025-11-30T00:00:00Z'),
        tx('d', '2026-11-19T00:00:00Z'),
        tx('e', '2024-01-01T00:00:00Z'),
      ]),
    ).toEqual([
      { title: 'November', ids: ['d', 'b'] },
      { title: 'October', ids: ['a'] },
      { title: 'November 2025', ids: ['c'] },
      { title: 'January 2024', ids: ['e'] },
    ])
  })

  test('behavior: only the connected chain is listed', () => {
    expect(
      group([
        tx('a', '2026-11-01T00:00:00Z'),
        tx('b', '2026-11-02T00:00:00Z', { chain: 'eip155:56' }),
      ]),
    ).toEqual([{ title: 'November', ids: ['a'] }])
  })

  test('behavior: spam-only transactions are dropped, a mix with a real transfer is kept', () => {
    expect(
      group([
        tx('spam', '2026-11-01T00:00:00Z', { spam: [true, true] }),
        tx('mixed', '2026-11-02T00:00:00Z', { spam: [true, false] }),
      ]),
    ).toEqual([{ title: 'November', ids: ['mixed'] }])
  })

  test('behavior: a transaction two pages carried is listed once; an unreadable date is dropped', () => {
    expect(
      group([
        tx('a', '2026-11-01T00:00:00Z'),
        tx('a', '2026-11-01T00:00:00Z'),
        tx('bad', 'yesterday'),
      ]),
    ).toEqual([{ title: 'November', ids: ['a'] }])
  })

  test('behavior: months follow the time zone given', () => {
    const list = [tx('a', '2026-11-01T02:00:00Z')]
    expect(groupTransactions(list, { chain, now, timeZone: 'America/New_York' })[0]?.title).toBe(
      'October',
    )
  })

  test('default: nothing to show is an empty list', () => {
    expect(group([])).toEqual([])
  })
})

describe('transactionSign', () => {
  test.each([
    ['receive', '+'],
    ['deposit', '+'],
    ['borrow', '+'],
    ['claim', '+'],
    ['mint', '+'],
    ['withdraw', '-'],
    ['repay', '-'],
    ['burn', '-'],
    ['send', '-'],
  ])('default: %s gets %s (SPEC §4)', (operationType, sign) => {
    expect(transactionSign(tx('a', '2026-11-01T00:00:00Z', { operationType }))).toBe(sign)
  })

  test('behavior: any other operation takes the direction of its first transfer', () => {
    const at = '2026-11-01T00:00:00Z'
    expect(transactionSign(tx('a', at, { operationType: 'execute', direction: 'in' }))).toBe('+')
    expect(transactionSign(tx('a', at, { operationType: 'execute', direction: 'out' }))).toBe('-')
    expect(transactionSign(tx('a', at, { operationType: 'execute', direction: 'self' }))).toBe('')
  })
})
