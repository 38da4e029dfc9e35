import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import { createSmtpSink, type SmtpSink } from '../../test/harness/createSmtpSink'
import { createTestDatabase, type TestDatabase } from '../../test/harness/postgres'
import { personalSign } from '../../test/harness/signWith'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
  testMasterKey,
} from '../../test/harness/startTestServer'
import { runCli } from '../cli/runCli'
import { deriveKeys, parseMasterKey } from '../crypto/masterKey'
import { randomId } from '../crypto/random'
import { releaseShares, rotateShares, storeSealedWallet } from '../custody/sealedWallets'
import { solanaSigner } from '../custody/solanaWallets'
import { createWalletRecord } from '../custody/wallets'
import type { Storage, StoredSecret } from '../storage/storage'
import { opensWith, rotateMasterKey, secretKinds } from './rotateMasterKey'

// Issue 17: `latchkey rotate-master-key` under load, on SQLite and PostgreSQL. Servers on the old
// key and the new one (each with the other as --extra-master-key, as during a rolling restart)
// sign throughout; a first run stops after one page (a crash) and a second run finishes.
let servers: TestServer[] = []
let sink: SmtpSink | undefined
let database: TestDatabase | undefined
let dir: string | undefined
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()))
  await sink?.close()
  await database?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
  servers = []
  sink = database = dir = undefined
})

const oldKey = testMasterKey
const newKey = randomBytes(32).toString('hex')
const oldWalletKey = deriveKeys(parseMasterKey(oldKey)).wallet
const newWalletKey = deriveKeys(parseMasterKey(newKey)).wallet

async function allSecrets(storage: Storage): Promise<StoredSecret[]> {
  const found: StoredSecret[] = []
  for (const kind of secretKinds) found.push(...(await storage.secrets.page(kind, '', 10_000)))
  return found
}

/** A recovery share as the frame seals one (the server cannot open it: any valid shape). */
const recoveryShare = {
  v: 1,
  kdf: 'argon2id',
  t: 3,
  m: 65_536,
  p: 1,
  salt: Buffer.alloc(16, 7).toString('base64'),
  iv: Buffer.alloc(12, 9).toString('base64'),
  ciphertext: Buffer.alloc(49, 11).toString('base64'),
} as const

type Signer = { credential: TestCredential; address: `0x${string}` }

async function signs(server: TestServer, signer: Signer, text: string): Promise<number> {
  const answer = await personalSign(server, signer.credential, signer.address, text)
  if (answer.status !== 200) return answer.status
  const ok = await verifyMessage({
    address: signer.address,
    message: text,
    signature: answer.body.result as `0x${string}`,
  })
  return ok ? 200 : -1
}

describe.each(['sqlite', 'postgres'] as const)('%s', (backend) => {
  test('behavior: wallets sign before, during (concurrent requests, servers on either key) and after a rotation resumed after a crash; the old key then opens nothing', async () => {
    dir = mkdtempSync(join(tmpdir(), 'latchkey-rotate-'))
    database = backend === 'postgres' ? await createTestDatabase() : undefined
    const databaseUrl = database?.url ?? `file:${join(dir, 'latchkey.db')}`
    sink = await createSmtpSink()
    const start = async (masterKey: string, extraMasterKeys: string[] = []) => {
      const server = await startTestServer({ databaseUrl, masterKey, extraMasterKeys }, { sink })
      servers.push(server)
      return server
    }

    // Before: one server on the old key; three users who sign, a sealed wallet's server share,
    // and 150 more wallets (the rotation then takes several pages).
    const before = await start(oldKey)
    const signers: Signer[] = []
    for (let i = 0; i < 3; i++) {
      const credential = await before.login(`rotate${i}@example.test`, `device-rotate-${i}-aaaaaa`)
      const { address } = (await before.get<{ address: `0x${string}` }>('/v1/user', credential))
        .body
      signers.push({ credential, address })
      expect(await signs(before, { credential, address }, 'before')).toBe(200)
    }
    const { context } = before.server
    const sealedUser = { id: randomId(), email: 'sealed@example.test', createdAt: 1 }
    await context.storage.users.create(sealedUser)
    const serverShare = randomBytes(33).toString('base64')
    await storeSealedWallet(context, {
      userId: sealedUser.id,
      address: privateKeyToAccount(generatePrivateKey()).address,
      serverShare,
      recoveryShare: null,
    })
    for (let i = 0; i < 150; i++) {
      const user = { id: randomId(), email: `bulk${i}@example.test`, createdAt: 1 }
      await context.storage.users.createWithWallet(user, createWalletRecord(context, user.id))
    }
    const secrets = await allSecrets(context.storage)
    expect(secrets.map((secret) => secret.kind).sort()).toEqual(
      [...Array(153).fill('wallet'), ...Array(3).fill('solanaWallet'), 'serverShare'].sort(),
    )

    // The roll: a server on the old key that reads the new one, one on the new key that reads
    // the old one. A first run stops after its first page.
    const onOld = await start(oldKey, [newKey])
    const onNew = await start(newKey, [oldKey])
    const crash = new AbortController()
    await expect(
      rotateMasterKey({
        storage: onNew.server.context.storage,
        keys: onNew.server.context.keys,
        pageSize: 50,
        signal: crash.signal,
        onPage: () => crash.abort(),
      }),
    ).rejects.toThrow()
    const halfway = await allSecrets(onNew.server.context.storage)
    expect(halfway.filter((secret) => opensWith(newWalletKey, secret))).toHaveLength(50)
    expect(halfway.filter((secret) => opensWith(oldWalletKey, secret))).toHaveLength(154 + 3 - 50)

    // During: each signer signs on both servers in turn until the resumed run is done.
    const lines: string[] = []
    const logger = {
      info: (line: string) => lines.push(line),
      warn: (line: string) => lines.push(line),
    }
    let done = false
    let startedDuring = 0
    const rotation = runCli(
      [
        'rotate-master-key',
        '--database-url',
        databaseUrl,
        '--master-key',
        newKey,
        '--extra-master-key',
        oldKey,
      ],
      {},
      logger,
    ).finally(() => {
      done = true
    })
    const during = await Promise.all(
      signers.map(async (signer, i) => {
        const statuses: number[] = []
        for (let round = 0; !done || round < 2; round++) {
          if (!done) startedDuring++
          statuses.push(await signs(round % 2 ? onOld : onNew, signer, `during ${i} ${round}`))
        }
        return statuses
      }),
    )
    expect((await rotation).exitCode).toBe(0)
    expect(during.flat().every((status) => status === 200)).toBe(true)
    expect(startedDuring).toBeGreaterThanOrEqual(3)
    expect(lines.at(-1)).toBe(
      'latchkey rotate-master-key: done: 107 re-encrypted, 50 already under the new key, 0 opened by no key given. Every secret is under the new key: restart the servers without --extra-master-key.',
    )

    // After: every secret opens with the new key, none with the old one. A server on the new
    // key alone signs for every wallet and releases the server share; one on the old key alone
    // can open nothing.
    const after = await allSecrets(onNew.server.context.storage)
    expect(after).toHaveLength(157)
    expect(after.filter((secret) => opensWith(oldWalletKey, secret))).toEqual([])
    expect(after.every((secret) => opensWith(newWalletKey, secret))).toBe(true)
    const newOnly = await start(newKey)
    const oldOnly = await start(oldKey)
    for (const signer of signers) {
      expect(await signs(newOnly, signer, 'after')).toBe(200)
      expect(await signs(oldOnly, signer, 'old key')).toBe(500)
    }
    for (const secret of after.filter((each) => each.kind === 'solanaWallet')) {
      const wallet = await newOnly.server.context.storage.solanaWallets.findByUserId(secret.userId)
      expect(
        solanaSigner(newOnly.server.context, wallet as never).sign(new Uint8Array(8)),
      ).toHaveLength(64)
      expect(() => solanaSigner(oldOnly.server.context, wallet as never)).toThrow(
        expect.objectContaining({ name: 'DecryptionFailedError' }),
      )
    }
    expect((await releaseShares(newOnly.server.context, sealedUser.id)).serverShare).toBe(
      serverShare,
    )
    await expect(releaseShares(oldOnly.server.context, sealedUser.id)).rejects.toThrow(
      expect.objectContaining({ name: 'DecryptionFailedError' }),
    )
    // Run again: nothing left to do.
    lines.length = 0
    const again = await runCli(
      [
        'rotate-master-key',
        '--database-url',
        databaseUrl,
        '--master-key',
        newKey,
        '--extra-master-key',
        oldKey,
      ],
      {},
      logger,
    )
    expect(again.exitCode).toBe(0)
    expect(lines.at(-1)).toContain('done: 0 re-encrypted, 157 already under the new key')
  })
})

describe.each(['sqlite', 'postgres'] as const)('%s', (backend) => {
  test('behavior: a server share a server re-splits while the rotation reads it is kept, not overwritten with the old one', async () => {
    dir = mkdtempSync(join(tmpdir(), 'latchkey-rotate-'))
    database = backend === 'postgres' ? await createTestDatabase() : undefined
    const databaseUrl = database?.url ?? `file:${join(dir, 'latchkey.db')}`
    const onOld = await startTestServer({ databaseUrl, masterKey: oldKey })
    const onNew = await startTestServer({
      databaseUrl,
      masterKey: newKey,
      extraMasterKeys: [oldKey],
    })
    servers.push(onOld, onNew)
    const user = { id: randomId(), email: 'resplit@example.test', createdAt: 1 }
    await onOld.server.context.storage.users.create(user)
    await storeSealedWallet(onOld.server.context, {
      userId: user.id,
      address: privateKeyToAccount(generatePrivateKey()).address,
      serverShare: 'first split',
      recoveryShare: null,
    })
    // Between the rotation's read of the share and its write, the frame re-splits the key
    // through the server on the new key (a new device, a new password).
    const storage = onNew.server.context.storage
    const racing: Storage = Object.create(storage)
    racing.secrets = {
      page: (...args) => storage.secrets.page(...args),
      async replace(secret, ciphertext) {
        if (secret.kind === 'serverShare')
          await rotateShares(onNew.server.context, {
            userId: user.id,
            deviceId: 'device-that-made-it',
            fromVersion: 1,
            serverShare: 'second split',
            recoveryShare: { ...recoveryShare },
            // That device held the first split: its new one replaces it (per-device splits).
            retireFirst: true,
          })
        return storage.secrets.replace(secret, ciphertext)
      },
    }
    const report = await rotateMasterKey({ storage: racing, keys: onNew.server.context.keys })
    // The changed row is looked at again in a second pass; the device's new split (written
    // under the new key) is found current in both passes.
    expect(report).toEqual({ rotated: 0, current: 2, unreadable: 0 })
    const released = await releaseShares(onNew.server.context, user.id)
    expect(released).toMatchObject({ serverShare: 'second split', version: 2 })
    await expect(releaseShares(onOld.server.context, user.id)).rejects.toThrow(
      expect.objectContaining({ name: 'DecryptionFailedError' }),
    )
  })
})

test('error: rotate-master-key without the old key says what it needs', async () => {
  const lines: string[] = []
  const logger = {
    info: (line: string) => lines.push(line),
    warn: (line: string) => lines.push(line),
  }
  const { exitCode } = await runCli(
    ['rotate-master-key', '--database-url', ':memory:', '--master-key', newKey],
    {},
    logger,
  )
  expect(exitCode).toBe(1)
  expect(lines).toEqual([
    'latchkey: Invalid option "--extra-master-key": latchkey rotate-master-key needs the new key (--master-key) and the old one (--extra-master-key).',
  ])
})
