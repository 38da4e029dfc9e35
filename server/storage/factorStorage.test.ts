import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { storageBackends } from '../../test/harness/storageBackends'
import type { Storage } from './storage'

// Migration 13's storage (second factors) on both databases: what each call gives back, and the
// one-winner rules a code and a proof rely on across instances.
const backends = storageBackends()

describe.each(backends)('$name', (backend) => {
  let storage: Storage
  beforeEach(async () => {
    storage = await backend.open()
    await storage.users.create({ id: 'u1', email: 'a@example.test', createdAt: 1 })
  })
  afterEach(async () => {
    await storage.close()
  })

  const totp = { userId: 'u1', secret: 's1', confirmedAt: null, lastStep: 0, createdAt: 1 }

  test('behavior: a secret being set up is replaced; a confirmed one is not; each step is taken once', async () => {
    expect(await storage.totp.begin(totp)).toBe(true)
    expect(await storage.totp.begin({ ...totp, secret: 's2', createdAt: 2 })).toBe(true)
    // Not confirmed yet: no step counts.
    expect(await storage.totp.takeStep('u1', 10)).toBe(false)
    expect(await storage.totp.confirm('u1', 's1', 10, 3)).toBe(false)
    expect(await storage.totp.confirm('u1', 's2', 10, 3)).toBe(true)
    expect(await storage.totp.find('u1')).toEqual({
      userId: 'u1',
      secret: 's2',
      confirmedAt: 3,
      lastStep: 10,
      createdAt: 2,
    })
    expect(await storage.totp.begin({ ...totp, secret: 's3' })).toBe(false)
    expect(await storage.totp.takeStep('u1', 10)).toBe(false)
    const raced = await Promise.all(
      [11, 11, 11, 11].map((step) => storage.totp.takeStep('u1', step)),
    )
    expect(raced.filter(Boolean)).toHaveLength(1)
    expect(await storage.totp.takeStep('u1', 9)).toBe(false)
    expect(await storage.totp.remove('u1')).toBe(true)
    expect(await storage.totp.find('u1')).toBeUndefined()
  })

  test('behavior: recovery codes are replaced as a set and used once', async () => {
    await storage.recoveryCodes.replace('u1', ['h1', 'h2'], 1)
    await storage.recoveryCodes.replace('u1', ['h3', 'h4', 'h5'], 2)
    expect(await storage.recoveryCodes.countUnused('u1')).toBe(3)
    expect(await storage.recoveryCodes.spend('u1', 'h1', 3)).toBe(false)
    const raced = await Promise.all([1, 2, 3].map(() => storage.recoveryCodes.spend('u1', 'h4', 3)))
    expect(raced.filter(Boolean)).toHaveLength(1)
    expect(await storage.recoveryCodes.countUnused('u1')).toBe(2)
  })

  test('behavior: a proof is taken once, and an expired one is gone too', async () => {
    const proof = {
      proofHash: 'p1',
      userId: 'u1',
      sessionId: 's',
      action: 'sign',
      subject: '0xabc',
      createdAt: 1,
      expiresAt: 100,
    }
    await storage.factorProofs.create(proof)
    await storage.factorProofs.create({ ...proof, proofHash: 'p2', subject: null })
    const raced = await Promise.all([1, 2, 3].map(() => storage.factorProofs.consume('p1', 50)))
    expect(raced.filter(Boolean)).toEqual([proof])
    expect(await storage.factorProofs.consume('p2', 100)).toBeUndefined()
    expect(await storage.factorProofs.consume('p2', 50)).toBeUndefined()
    // Pruned once expired.
    await storage.factorProofs.create({ ...proof, proofHash: 'p3' })
    await storage.prune(200)
    expect(await storage.factorProofs.consume('p3', 50)).toBeUndefined()
  })
})
