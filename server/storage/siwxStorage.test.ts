import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { storageBackends } from '../../test/harness/storageBackends'
import { createStorageNonceStore } from '../siwx/createStorageNonceStore'
import type { Storage } from './storage'
import type { SiwxSessionRecord } from './types'

const nonce = { nonce: 'abcdefghijklmnopqrstuv', projectId: 'p', createdAt: 0, expiresAt: 100 }
const session: SiwxSessionRecord = {
  tokenHash: 'h1',
  projectId: 'p',
  chainId: 'eip155:1',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  message: 'm',
  signature: '0x',
  createdAt: 0,
  expiresAt: 100,
}

const backends = storageBackends()

describe.each(backends)('$name', (backend) => {
  let storage: Storage
  beforeEach(async () => {
    storage = await backend.open()
  })
  afterEach(async () => {
    await storage.close()
  })

  describe('siwxNonces', () => {
    test('behavior: of 20 concurrent consumes exactly one wins; then none', async () => {
      await storage.siwxNonces.create(nonce)
      const results = await Promise.all(
        Array.from({ length: 20 }, () => storage.siwxNonces.consume('p', nonce.nonce, 50)),
      )
      expect(results.filter(Boolean)).toHaveLength(1)
      expect(await storage.siwxNonces.consume('p', nonce.nonce, 50)).toBe(false)
    })

    test('behavior: unknown, expired and other-project nonces are not consumed', async () => {
      await storage.siwxNonces.create(nonce)
      expect(await storage.siwxNonces.consume('p', 'unknownNonce1234567890', 50)).toBe(false)
      expect(await storage.siwxNonces.consume('other', nonce.nonce, 50)).toBe(false)
      expect(await storage.siwxNonces.consume('p', nonce.nonce, 100)).toBe(false)
      expect(await storage.siwxNonces.consume('p', nonce.nonce, 99)).toBe(true)
    })

    test('behavior: the store issues 22-character base62 nonces (131 bits) living at most 10 minutes', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: -1, max: 10 * 60 * 60_000 }), async (ttl) => {
          let time = 1_000
          const store = createStorageNonceStore({ storage, projectId: 'p', ttl, now: () => time })
          const issued = await store.issue()
          expect(issued).toMatch(/^[A-Za-z0-9]{22}$/)
          const lifetime = Math.min(Math.max(ttl, 1), 10 * 60_000)
          time += lifetime
          expect(await store.consume(issued)).toBe(false)
          const again = await store.issue()
          time += lifetime - 1
          expect(await store.consume(again)).toBe(true)
          expect(await store.consume(again)).toBe(false)
        }),
        { numRuns: 25 },
      )
    })
  })

  describe('siwxSessions', () => {
    test('default: found by token hash within its project only; delete', async () => {
      await storage.siwxSessions.create(session)
      expect(await storage.siwxSessions.findByTokenHash('p', 'h1')).toEqual(session)
      expect(await storage.siwxSessions.findByTokenHash('q', 'h1')).toBeUndefined()
      await storage.siwxSessions.delete('h1')
      expect(await storage.siwxSessions.findByTokenHash('p', 'h1')).toBeUndefined()
    })

    test('behavior: prune drops expired nonces and sessions only', async () => {
      await storage.siwxNonces.create(nonce)
      await storage.siwxNonces.create({ ...nonce, nonce: 'later', expiresAt: 300 })
      await storage.siwxSessions.create(session)
      await storage.siwxSessions.create({ ...session, tokenHash: 'h2', expiresAt: 300 })
      await storage.prune(100)
      expect(await storage.siwxSessions.findByTokenHash('p', 'h1')).toBeUndefined()
      expect(await storage.siwxSessions.findByTokenHash('p', 'h2')).toBeDefined()
      expect(await storage.siwxNonces.consume('p', 'later', 200)).toBe(true)
    })
  })
})
