import { randomUUID } from 'node:crypto'
import { Core } from '@walletconnect/core'
import { afterAll, describe, expect, test } from 'vitest'
import { installNetworkGuard } from '../../test/relay/networkGuard'
import { disableVerify } from './disableVerify'

const guard = installNetworkGuard()
afterAll(() => guard.restore())

// A real core (never started: no relay socket). Each test gets its own prefix: core is a
// per-prefix singleton.
function newCore() {
  return new Core({ projectId: '0'.repeat(32), customStoragePrefix: `verify-${randomUUID()}` })
}

// What a wallet's core does when a proposal or request arrives: resolve its attestation.
const incoming = { attestationId: undefined, hash: 'ab'.repeat(32), encryptedId: 'cd'.repeat(32) }

describe('disableVerify', () => {
  test('default: a core with Verify off resolves and registers without leaving the machine', async () => {
    const core = newCore()
    disableVerify(core)
    guard.escapes.length = 0
    expect(await core.verify.resolve(incoming)).toBe('')
    expect(await core.verify.register({ id: 'ef'.repeat(32), decryptedId: '01'.repeat(32) })).toBe(
      undefined,
    )
    expect(guard.escapes).toEqual([])
  })

  test('behavior: without it, core 2.21.8 fetches verify.walletconnect.org for each attestation', async () => {
    const core = newCore()
    guard.escapes.length = 0
    await core.verify.resolve(incoming).catch(() => {})
    expect(guard.escapes.map((attempt) => attempt.target)).toEqual([
      `https://verify.walletconnect.org/attestation/${incoming.hash}`,
    ])
  })
})
