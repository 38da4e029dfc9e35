import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { farcasterRegistriesSourceSha256 } from '../harness/contracts/farcaster/farcasterRegistries.fixture'

test('behavior: the registry stand-ins were compiled from the source beside them', () => {
  const source = readFileSync(
    new URL('../harness/contracts/farcaster/LatchkeyFarcasterRegistries.sol', import.meta.url),
    'utf8',
  )
  // A change to the .sol file needs a new compile (its README.md), or the bytecode is stale.
  expect(createHash('sha256').update(source).digest('hex')).toBe(farcasterRegistriesSourceSha256)
})
