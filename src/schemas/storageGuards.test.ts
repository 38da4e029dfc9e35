import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { nearlyValid } from '../../test/harness/nearlyValid.arbitraries'
import { storageSchemas } from './storage'
import { storageGuards } from './storageGuards'

const keys = Object.keys(storageSchemas) as (keyof typeof storageSchemas)[]

describe('storageGuards', () => {
  test('default: a guard for every stored key', () => {
    expect(Object.keys(storageGuards).sort()).toEqual([...keys].sort())
  })

  test.each(keys)('behavior: %s answers as its zod schema does', (key) => {
    const schema = storageSchemas[key]
    const guard = storageGuards[key]
    const stored = fc.oneof(nearlyValid(schema), fc.anything({ maxDepth: 2 }))
    fc.assert(
      fc.property(stored, (value) => {
        const zod = schema.safeParse(value)
        const hand = guard.safeParse(value)
        expect(hand.success).toBe(zod.success)
        if (hand.success && zod.success) expect(hand.data).toEqual(zod.data)
      }),
      { numRuns: 2_000 },
    )
  })

  test('behavior: the Recent list keeps what it can show and drops the rest', () => {
    const wallet = { id: 'io.metamask', name: 'MetaMask', icon: 'https://x.example/i.png' }
    expect(storageGuards.recentWallets.safeParse([{ ...wallet, extra: 1 }])).toEqual({
      success: true,
      data: [wallet],
    })
    for (const bad of [
      [{ ...wallet, icon: 'javascript:alert(1)' }],
      [wallet, wallet, wallet],
      [{ ...wallet, name: '' }],
      'x',
    ])
      expect(storageGuards.recentWallets.safeParse(bad).success).toBe(false)
  })
})
