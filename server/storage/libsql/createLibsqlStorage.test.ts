import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { migrations } from '../migrations'
import type { OtpRecord, Storage } from '../types'
import { createLibsqlStorage } from './createLibsqlStorage'

let dir: string
let url: string
let storage: Storage
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'latchkey-storage-'))
  url = `file:${join(dir, 'db.sqlite')}`
  storage = await createLibsqlStorage({ url, now: () => 1 })
})
afterEach(async () => {
  await storage.close()
  rmSync(dir, { recursive: true, force: true })
})

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

describe('createLibsqlStorage', () => {
  test('default: migrations are recorded once; reopening applies nothing twice', async () => {
    await storage.close()
    storage = await createLibsqlStorage({ url })
    const client = createClient({ url })
    const { rows } = await client.execute('SELECT version, name FROM schema_migrations')
    client.close()
    expect(rows.map((row) => [row.version, row.name])).toEqual(
      migrations.map((m) => [m.version, m.name]),
    )
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

  test('rate limits and prune', async () => {
    expect(await storage.rateLimits.hit('k', 0)).toBe(1)
    expect(await storage.rateLimits.hit('k', 0)).toBe(2)
    expect(await storage.rateLimits.hit('k', 600)).toBe(1)
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
