import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidCommitmentError } from '../errors/InvalidCommitmentError'
import { commitmentNames, parseCommitment } from './commitment'

describe('parseCommitment', () => {
  test('default: the three current levels pass as they are', () => {
    for (const level of ['processed', 'confirmed', 'finalized'])
      expect(parseCommitment(level)).toBe(level)
  })

  test('behavior: the old names (SPEC §5) are read as the current ones', () => {
    expect(
      Object.fromEntries(commitmentNames.map((name) => [name, parseCommitment(name)])),
    ).toEqual({
      processed: 'processed',
      confirmed: 'confirmed',
      finalized: 'finalized',
      recent: 'processed',
      single: 'confirmed',
      singleGossip: 'confirmed',
      root: 'finalized',
      max: 'finalized',
    })
  })

  test('behavior: anything else throws InvalidCommitmentError', () => {
    expect(() => parseCommitment('Finalized')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidCommitmentError: Commitment "Finalized" is invalid.

      - Use processed, confirmed or finalized (recent, single, singleGossip, root and max are
        their old names and are read as those).

      Docs: node_modules/latchkey/docs/errors.md#solana
      Version: latchkey@0.1.0]
    `)
    for (const value of ['', 'toString', '__proto__', 'constructor', undefined, 1, {}])
      expect(() => parseCommitment(value)).toThrow(InvalidCommitmentError)
    fc.assert(
      fc.property(fc.anything(), (value) => {
        fc.pre(!(commitmentNames as readonly unknown[]).includes(value))
        expect(() => parseCommitment(value)).toThrow(InvalidCommitmentError)
      }),
    )
  })
})
