import { describe, expect, test } from 'vitest'
import { pickNamespace } from './pickNamespace'

describe('pickNamespace', () => {
  test('default: the chosen namespace while it is connected, else the other connected one, else the choice', () => {
    // chosen, evm connected, solana connected → shown
    const table = [
      ['eip155', true, true, 'eip155'],
      ['solana', true, true, 'solana'],
      ['eip155', false, true, 'solana'],
      ['solana', true, false, 'eip155'],
      ['eip155', false, false, 'eip155'],
      ['solana', false, false, 'solana'],
    ] as const
    for (const [chosen, evm, solana, shown] of table)
      expect(pickNamespace(chosen, evm, solana), `${chosen} ${evm} ${solana}`).toBe(shown)
  })
})
