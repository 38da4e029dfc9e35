import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/harness/postgres'
import { testMasterKey } from '../../test/harness/startTestServer'
import { runCli } from '../cli/runCli'
import { sha256Hex } from '../crypto/hash'
import { deriveKeys, parseMasterKey } from '../crypto/masterKey'
import { ensureSolanaWallet } from '../custody/solanaWallets'
import { walletAccount } from '../custody/wallets'
import { migrations } from './migrations'
import { openStorage } from './openStorage'

// Issue 17: a database made by an earlier schema (fixtures/schema-v7.sql, frozen: migrations 1–7
// and a user with a wallet, a session, a send, an analytics event and an indexed transfer) is
// brought to the current schema by `latchkey migrate up` with its data intact.
let database: TestDatabase | undefined
let dir: string | undefined
afterEach(async () => {
  await database?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
  database = dir = undefined
})

const fixture = readFileSync(new URL('./fixtures/schema-v7.sql', import.meta.url), 'utf8')
const latest = migrations.at(-1)?.version ?? 0

/** A database loaded from the fixture: its URL. */
async function loadFixture(backend: 'sqlite' | 'postgres'): Promise<string> {
  if (backend === 'postgres') {
    database = await createTestDatabase()
    const { Client } = await import('pg')
    const client = new Client({ connectionString: database.url })
    await client.connect()
    await client.query(fixture)
    await client.end()
    return database.url
  }
  dir = mkdtempSync(join(tmpdir(), 'latchkey-v7-'))
  const url = `file:${join(dir, 'latchkey.db')}`
  const { createClient } = await import('@libsql/client')
  const client = createClient({ url })
  await client.executeMultiple(fixture)
  client.close()
  return url
}

async function latchkey(args: string[]): Promise<{ exitCode: number; output: string }> {
  const lines: string[] = []
  const logger = {
    info: (line: string) => lines.push(line),
    warn: (line: string) => lines.push(line),
  }
  const { exitCode } = await runCli(args, {}, logger)
  return { exitCode, output: lines.join('\n') }
}

describe.each(['sqlite', 'postgres'] as const)('%s', (backend) => {
  test('behavior: migrate up brings a database at migration 7 to the current schema with its data intact', async () => {
    const url = await loadFixture(backend)
    const pending = migrations.filter((migration) => migration.version > 7)
    const status = await latchkey(['migrate', 'status', '--database-url', url])
    expect(status.output).toContain(`${pending.length} pending of ${migrations.length}`)
    const up = await latchkey(['migrate', 'up', '--database-url', url])
    expect(up).toEqual({
      exitCode: 0,
      output: `latchkey migrate: applied ${pending.length} migrations (${pending.map((m) => m.version).join(', ')}).`,
    })

    const storage = await openStorage({ databaseUrl: url, databaseAuthToken: undefined }, () => 2)
    try {
      expect(await storage.schemaVersion()).toBe(latest)
      const user = await storage.users.findByEmail('kept@example.test')
      expect(user).toEqual({
        id: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
        email: 'kept@example.test',
        createdAt: 1_890_000_000_000,
      })
      const id = user?.id ?? ''
      const wallet = await storage.wallets.findByUserId(id)
      expect(wallet?.address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
      // Migration 10's column: a wallet from before holds its whole key (server custody).
      expect(wallet?.custody).not.toBe('sealed')
      // The key still opens under the master key, and is the wallet's.
      const keys = deriveKeys(parseMasterKey(testMasterKey))
      expect(walletAccount({ keys }, wallet as NonNullable<typeof wallet>).address).toBe(
        wallet?.address,
      )
      expect(await storage.sessions.findByTokenHash(sha256Hex('fixture-token'))).toMatchObject({
        userId: id,
        deviceId: 'device-fixture-aaaaaaaaa',
      })
      expect(await storage.devices.find(id, 'device-fixture-aaaaaaaaa')).toBeDefined()
      expect(await storage.sends.find(`0x${'ab'.repeat(32)}`)).toMatchObject({
        status: 'sent',
        nonce: 0,
      })
      expect(await storage.analyticsEvents.list('shop', 10)).toHaveLength(1)
      expect(await storage.chainIndex.cursor(1)).toBe(13)
      const history = await storage.chainIndex.history(
        1,
        '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        10,
      )
      expect(history.map((transfer) => transfer.value)).toEqual(['1000000000000000000'])
      // What the new migrations made works for the old user: a Solana key on first use.
      const solana = await ensureSolanaWallet({ keys, now: () => 3, storage }, id)
      expect(await storage.solanaWallets.findByUserId(id)).toEqual(solana)
    } finally {
      await storage.close()
    }
    expect((await latchkey(['migrate', 'status', '--database-url', url])).output).toContain(
      `0 pending of ${migrations.length}`,
    )
  })
})
