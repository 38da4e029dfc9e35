import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  evmAddress,
  messageFields,
  solanaAddress,
  solanaMainnet,
} from '../../test/harness/siwxFixtures'
import {
  addSiwxSession,
  getSiwxSessions,
  isSiwxSessionExpired,
  removeSiwxSessions,
} from './siwxSessions'
import type { SiwxAccount, SiwxSession } from './types'

const now = Date.parse('2025-01-01T00:00:00Z')

function session(account: SiwxAccount, overrides: Partial<SiwxSession['data']> = {}): SiwxSession {
  return {
    data: messageFields({
      chainId: account.chainId,
      accountAddress: account.address,
      issuedAt: '2024-12-31T00:00:00Z',
      ...overrides,
    }),
    message: 'signed text',
    signature: '0x00',
  }
}

const evmAddresses = [
  evmAddress,
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
]
const account = fc.oneof(
  fc.record({
    chainId: fc.constantFrom('eip155:1', 'eip155:56', 'eip155:10'),
    address: fc.constantFrom(...evmAddresses),
  }),
  fc.record({
    chainId: fc.constant(solanaMainnet),
    address: fc.constantFrom(solanaAddress, 'GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1'),
  }),
) as fc.Arbitrary<SiwxAccount>
const caseOf = (a: SiwxAccount) =>
  fc.constantFrom(
    a.address,
    a.chainId.startsWith('eip155') ? a.address.toLowerCase() : a.address,
    a.chainId.startsWith('eip155') ? `0x${a.address.slice(2).toUpperCase()}` : a.address,
  )

describe('siwx sessions', () => {
  test('behavior: remove(c, a) removes only the pair (c, a), whatever the address case', () => {
    fc.assert(
      fc.property(fc.array(account, { maxLength: 12 }), account, (accounts, target) => {
        const sessions = accounts.reduce<SiwxSession[]>(
          (list, a) => addSiwxSession(list, session(a)),
          [],
        )
        const key = (s: SiwxSession) =>
          `${s.data.chainId}|${s.data.chainId.startsWith('eip155') ? s.data.accountAddress.toLowerCase() : s.data.accountAddress}`
        const targetKey = `${target.chainId}|${target.chainId.startsWith('eip155') ? target.address.toLowerCase() : target.address}`
        for (const variant of [target.address, target.address.toLowerCase()]) {
          if (!target.chainId.startsWith('eip155') && variant !== target.address) continue
          const left = removeSiwxSessions(sessions, { chainId: target.chainId, address: variant })
          expect(left.map(key)).toEqual(sessions.map(key).filter((k) => k !== targetKey))
          expect(getSiwxSessions(left, target, now)).toEqual([])
        }
      }),
    )
  })

  test('behavior: add keeps one session per account; get finds it in any eip155 case', () => {
    fc.assert(
      fc.property(fc.array(account, { maxLength: 12 }), (accounts) => {
        const sessions = accounts.reduce<SiwxSession[]>(
          (list, a) => addSiwxSession(list, session(a)),
          [],
        )
        for (const a of accounts) {
          fc.assert(
            fc.property(caseOf(a), (address) => {
              expect(getSiwxSessions(sessions, { chainId: a.chainId, address }, now)).toHaveLength(
                1,
              )
            }),
            { numRuns: 3 },
          )
        }
        const distinct = new Set(accounts.map((a) => `${a.chainId}|${a.address}`))
        expect(sessions).toHaveLength(distinct.size)
      }),
      { numRuns: 50 },
    )
  })

  test('behavior: solana addresses compare exactly (base58 is case-sensitive)', () => {
    const sessions = [session({ chainId: solanaMainnet, address: solanaAddress })]
    expect(
      getSiwxSessions(
        sessions,
        { chainId: solanaMainnet, address: solanaAddress.toLowerCase() },
        now,
      ),
    ).toEqual([])
    expect(
      removeSiwxSessions(sessions, {
        chainId: solanaMainnet,
        address: solanaAddress.toUpperCase(),
      }),
    ).toHaveLength(1)
  })

  test('behavior: another chain with the same address is another account', () => {
    const sessions = [
      session({ chainId: 'eip155:1', address: evmAddress }),
      session({ chainId: 'eip155:56', address: evmAddress }),
    ]
    expect(
      removeSiwxSessions(sessions, { chainId: 'eip155:1', address: evmAddress }).map(
        (s) => s.data.chainId,
      ),
    ).toEqual(['eip155:56'])
  })

  test('behavior: invalid dates count as expired', () => {
    const a = { chainId: 'eip155:1' as const, address: evmAddress }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('never', '2025-02-30T00:00:00Z', 'Infinity', '9999', '2025-01-01'),
        ),
        fc.constantFrom('expirationTime', 'issuedAt', 'notBefore'),
        (value, field) => {
          fc.pre(!/^\d{4}-\d{2}-\d{2}T/.test(value))
          expect(isSiwxSessionExpired(session(a, { [field]: value }), now)).toBe(true)
          expect(getSiwxSessions([session(a, { [field]: value })], a, now)).toEqual([])
        },
      ),
    )
    expect(isSiwxSessionExpired(session(a, { expirationTime: '2025-01-01T00:00:00Z' }), now)).toBe(
      true,
    )
    expect(isSiwxSessionExpired(session(a, { expirationTime: '2025-01-01T00:00:01Z' }), now)).toBe(
      false,
    )
    expect(isSiwxSessionExpired(session(a), now)).toBe(false)
  })
})
