import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { storageBackends } from '../../test/harness/storageBackends'
import { migrations } from './migrations'
import type { Storage } from './storage'
import type { OtpRecord } from './types'

const user = { id: 'u1', email: 'a@example.test', createdAt: 1 }
const wallet = {
  userId: 'u1',
  address: '0x00000000000000000000000000000000000000aa',
  encryptedKey: 'v1.x',
  createdAt: 1,
} as const
const otp: OtpRecord = {
  id: 'o1',
  purpose: 'login',
  subject: 'a@example.test',
  deviceId: 'd',
  codeHash: 'h',
  data: null,
  attempts: 0,
  createdAt: 1,
  expiresAt: 100,
  consumedAt: null,
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

  describe('storage', () => {
    test('default: migrations are recorded once; reopening applies nothing twice', async () => {
      await storage.close()
      storage = await backend.reopen()
      expect(await backend.appliedMigrations()).toEqual(migrations.map((m) => [m.version, m.name]))
    })

    test('behavior: closing twice is harmless (a server closed, then its harness)', async () => {
      await storage.close()
      await expect(storage.close()).resolves.toBeUndefined()
    })

    test('users: unique email; user and wallet in one transaction', async () => {
      expect(await storage.users.createWithWallet(user, wallet)).toBe(true)
      expect(
        await storage.users.createWithWallet(
          { ...user, id: 'u2' },
          { ...wallet, userId: 'u2', address: '0x00000000000000000000000000000000000000bb' },
        ),
      ).toBe(false)
      // The failed second insert left no wallet behind.
      expect(await storage.wallets.findByUserId('u2')).toBeUndefined()
      expect(await storage.users.findByEmail(user.email)).toEqual(user)
      expect(await storage.wallets.findByUserId('u1')).toEqual(wallet)
      await storage.users.createWithWallet(
        { id: 'u3', email: 'b@example.test', createdAt: 1 },
        { ...wallet, userId: 'u3', address: '0x00000000000000000000000000000000000000cc' },
      )
      expect(await storage.users.updateEmail('u3', user.email)).toBe(false)
      expect(await storage.users.updateEmail('u3', 'c@example.test')).toBe(true)
    })

    test('otps: replace, one attempt at a time up to max, consume once', async () => {
      await storage.otps.replace(otp)
      await storage.otps.replace({ ...otp, id: 'o2', createdAt: 2 })
      expect((await storage.otps.findLatest('login', otp.subject))?.id).toBe('o2')
      const taken = await Promise.all(
        Array.from({ length: 8 }, () => storage.otps.takeAttempt('o2', 5)),
      )
      expect(taken.filter(Boolean)).toHaveLength(5)
      expect(await storage.otps.consume('o2', 3)).toBe(true)
      expect(await storage.otps.consume('o2', 4)).toBe(false)
    })

    test('limits: a sliding window, exact under parallel takes', async () => {
      const takes = await Promise.all(
        Array.from({ length: 12 }, (_, i) => storage.limits.take('k', 1_000 + i, 600, 5)),
      )
      expect(takes.filter((take) => take.allowed)).toHaveLength(5)
      // Full until the oldest of the five leaves the window, not until a fixed edge.
      expect(await storage.limits.take('k', 1_599, 600, 5)).toEqual({
        allowed: false,
        retryAt: 1_600,
      })
      expect((await storage.limits.take('k', 1_600, 600, 5)).allowed).toBe(true)
      const taken = await storage.limits.take('other', 1_600, 600, 1)
      if (taken.allowed) await storage.limits.release(taken.id)
      expect((await storage.limits.take('other', 1_600, 600, 1)).allowed).toBe(true)
    })

    test('limits: lockouts escalate once per lockout, close the window, and reset', async () => {
      const ladder = [10, 50, 150]
      const ends = await Promise.all(
        Array.from({ length: 5 }, () => storage.limits.lock('k', 100, ladder, 1_000)),
      )
      expect(ends).toEqual([110, 110, 110, 110, 110])
      expect(await storage.limits.take('k', 105, 600, 5)).toEqual({ allowed: false, retryAt: 110 })
      expect(await storage.limits.lock('k', 110, ladder, 1_000)).toBe(160)
      expect(await storage.limits.lock('k', 160, ladder, 1_000)).toBe(310)
      expect(await storage.limits.lock('k', 310, ladder, 1_000)).toBe(460)
      // A quiet spell longer than the reset starts the ladder again.
      expect(await storage.limits.lock('k', 1_460, ladder, 1_000)).toBe(1_470)
    })

    test('prune', async () => {
      await storage.users.createWithWallet(user, wallet)
      await storage.sessions.create({
        id: 's',
        userId: 'u1',
        deviceId: 'd',
        tokenHash: 't',
        createdAt: 1,
        expiresAt: 50,
      })
      await storage.otps.replace(otp)
      await storage.prune(100)
      expect(await storage.sessions.findByTokenHash('t')).toBeUndefined()
      expect(await storage.otps.findLatest('login', otp.subject)).toBeUndefined()
    })
  })
})
