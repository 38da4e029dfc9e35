import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { swapLabSourceSha256 } from '../harness/contracts/swap/swapLab.fixture'

test('behavior: the fixture was compiled from the source beside it', () => {
  const source = readFileSync(
    new URL('../harness/contracts/swap/LatchkeySwapLab.sol', import.meta.url),
    'utf8',
  )
  // A change to the .sol file needs a new compile (its README.md), or the bytecode is stale.
  expect(createHash('sha256').update(source).digest('hex')).toBe(swapLabSourceSha256)
})
