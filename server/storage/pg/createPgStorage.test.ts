import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../test/harness/postgres'
import { migrations } from '../migrations'
import type { Storage } from '../storage'
import { createPgStorage } from './createPgStorage'
import { appliedPgMigrations } from './migrate'

// Three storages on one database, as three server instances have: the rules hold across them.
let database: TestDatabase
let servers: Storage[]
beforeAll(async () => {
  database = await createTestDatabase()
  // All three open (and migrate) at once, as servers started together do.
  servers = await Promise.all(
    [1, 2, 3].map(() => createPgStorage({ url: database.url, now: () => 7 })),
  )
})
afterAll(async () => {
  await Promise.all(servers.map((storage) => storage.close()))
  await database.drop()
})

/** Each call on the next server in turn. */
const across = <T>(count: number, call: (storage: Storage, index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => call(servers[i % 3] as Storage, i)))

describe('createPgStorage', () => {
  test('default: servers opening one database at once apply each migration once', async () => {
    const { Pool } = await import('pg')
    const pool = new Pool({ connectionString: database.url })
    expect(await appliedPgMigrations(pool)).toEqual(
      migrations.map((migration) => ({ version: migration.version, appliedAt: 7 })),
    )
    await pool.end()
  })

  test('behavior: a sign-in nonce is consumed once across servers', async () => {
    const nonce = { nonce: 'n-across', projectId: 'p', createdAt: 0, expiresAt: 100 }
    await servers[0]?.siwxNonces.create(nonce)
    const results = await across(30, (storage) => storage.siwxNonces.consume('p', nonce.nonce, 1))
    expect(results.filter(Boolean)).toHaveLength(1)
  })

  test('behavior: a code takes at most max attempts across servers', async () => {
    await servers[0]?.otps.replace({
      id: 'o-across',
      purpose: 'login',
      subject: 'x@example.test',
      deviceId: 'd',
      codeHash: 'h',
      data: null,
      attempts: 0,
      createdAt: 1,
      expiresAt: 100,
      consumedAt: null,
    })
    const taken = await across(30, (storage) => storage.otps.takeAttempt('o-across', 5))
    expect(taken.filter(Boolean)).toHaveLength(5)
  })

  test('behavior: a window admits exactly its limit across servers; a lockout escalates once', async () => {
    const takes = await across(30, (storage, i) =>
      storage.limits.take('k-across', 1_000 + i, 600, 5),
    )
    expect(takes.filter((take) => take.allowed)).toHaveLength(5)
    const ends = await across(9, (storage) => storage.limits.lock('l-across', 100, [10, 50], 1_000))
    expect(new Set(ends)).toEqual(new Set([110]))
    expect(await servers[1]?.limits.take('l-across', 105, 600, 5)).toEqual({
      allowed: false,
      retryAt: 110,
    })
  })

  test('behavior: locks.run gives a key to one server at a time; other keys run beside it', async () => {
    let inside = 0
    let most = 0
    const task = async () => {
      inside++
      most = Math.max(most, inside)
      await new Promise((resolve) => setTimeout(resolve, 15))
      inside--
    }
    await across(9, (storage) => storage.locks.run('1:0xaccount', task))
    expect(most).toBe(1)
    // Three other keys: each task waits (up to 5 s) until all three are inside at once, which
    // happens only if no lock holds one back (a 15 ms task may end before a slow lock is taken).
    most = 0
    let arrive: () => void = () => {}
    const allInside = new Promise<void>((resolve) => {
      arrive = resolve
    })
    await across(3, (storage, i) =>
      storage.locks.run(`1:0xother${i}`, async () => {
        inside++
        most = Math.max(most, inside)
        if (inside === 3) arrive()
        await Promise.race([allInside, new Promise((resolve) => setTimeout(resolve, 5_000))])
        inside--
      }),
    )
    expect(most).toBe(3)
  })

  test('behavior: a failing task releases its lock', async () => {
    await expect(
      servers[0]?.locks.run('1:0xfail', () => Promise.reject(new TypeError('no'))),
    ).rejects.toThrow('no')
    expect(await servers[1]?.locks.run('1:0xfail', async () => 'next')).toBe('next')
  })
})
