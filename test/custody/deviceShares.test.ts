import { randomBytes } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import {
  openRecoveryShare,
  type SealedRecoveryShare,
  sealRecoveryShare,
} from '../../frame/sealed/recoveryCipher'
import { newWalletSecret, solanaAddressOf, solanaSeedOf } from '../../frame/sealed/walletSecret'
import { deriveKeys, parseMasterKey } from '../../server/crypto/masterKey'
import { importSealedWallet } from '../../server/custody/importWallet'
import { opensWith, rotateMasterKey } from '../../server/ops/rotateMasterKey'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { createTestDatabase, type TestDatabase } from '../harness/postgres'
import { sealedKeyProof } from '../harness/sealedKeyProof'
import {
  startTestServer,
  type TestCredential,
  type TestServer,
  testMasterKey,
} from '../harness/startTestServer'

// Issue 16, per-device splits (docs/security.md "Sealed wallets on several devices"), on SQLite
// and PostgreSQL: each device that unlocks gets a split of its own, and the others' stay valid.
// A device here does what the frame does (frame/sealed/createSealedCustody.ts) with real shares.

let server: TestServer | undefined
let database: TestDatabase | undefined
afterEach(async () => {
  await server?.close()
  await database?.drop()
  server = database = undefined
})

const message = 'per-device splits'
// The recovery secret: a passkey's PRF output (HKDF, fast); a password is sealed the same way.
const secret = { credentialId: 'passkey-one', output: new Uint8Array(32).fill(7) }

type Released = {
  address: `0x${string}`
  serverShare: string
  recoveryShare: SealedRecoveryShare
  version: number
  slot: string
  solanaAddress?: string
}
type Listed = { version: number; current: boolean; first: boolean }

/** A browser profile: its device id, its session, and its device share (IndexedDB's, here). */
function device(t: TestServer, id: string, address: `0x${string}`) {
  let local: { share: Uint8Array; version: number } | undefined
  const self = {
    credential: undefined as TestCredential | undefined,
    async login(email: string) {
      self.credential = await t.login(email, id)
    },
    keep(share: Uint8Array, version: number) {
      local = { share, version }
    },
    released: () => t.post<Released>('/v1/sealed-wallet/shares', {}, self.credential),
    /** Signs with its device share, or says it must recover first (an older split, or none). */
    async sign(): Promise<'signed' | 'asks to recover' | number> {
      const { body, status } = await self.released()
      if (status !== 200) return status
      if (local?.version !== body.version) return 'asks to recover'
      const key = await combine([local.share, decodeBase64(body.serverShare) as Uint8Array])
      const evmKey = key.subarray(0, 32)
      const signature = await privateKeyToAccount(bytesToHex(evmKey)).signMessage({ message })
      expect(await verifyMessage({ address, message, signature })).toBe(true)
      // A secret with the Solana seed (walletSecret.ts): it signs for the sealed Solana account.
      const seed = solanaSeedOf(key)
      if (seed) expect(solanaAddressOf(seed)).toBe(body.solanaAddress)
      return 'signed'
    },
    /** Unlocks (its own share, or the recovery share) and makes this device's new split. */
    async recover(): Promise<number> {
      const { body } = await self.released()
      const mine = local?.version === body.version ? local.share : undefined
      const other = mine ?? (await openRecoveryShare(body.recoveryShare, secret, address))
      const key = await combine([other as Uint8Array, decodeBase64(body.serverShare) as Uint8Array])
      const [share, serverShare, recovery] = await split(key, 3, 2)
      if (!share || !serverShare || !recovery) throw new TypeError('split')
      const answer = await t.post<{ version: number }>(
        '/v1/sealed-wallet/rotate',
        {
          fromVersion: body.version,
          serverShare: encodeBase64(serverShare),
          recoveryShare: await sealRecoveryShare(recovery, secret, address),
          ...(mine && body.slot === 'first' ? { retireFirst: true } : {}),
        },
        self.credential,
      )
      if (answer.status === 200) local = { share, version: answer.body.version }
      return answer.status
    },
    devices: async () =>
      (await t.get<{ devices: Listed[] }>('/v1/sealed-wallet/devices', self.credential)).body
        .devices,
    revoke: (version: number) =>
      t.post<{ error?: { message: string } }>(
        '/v1/sealed-wallet/devices/revoke',
        { version },
        self.credential,
      ),
  }
  return self
}

const ids = ['device-aaaaaaaaaaaaaaaa', 'device-bbbbbbbbbbbbbbbb', 'device-cccccccccccccccc']

/**
 * A sealed wallet made on the first device as the frame makes it (the first slot, version 1):
 * the EVM key alone (a wallet from before Solana keys were sealed), or with `solana` the secret
 * of the EVM key and the Solana seed (frame/sealed/walletSecret.ts).
 */
async function sealedWallet(
  backend: 'sqlite' | 'postgres',
  email: string,
  count = 2,
  solana = false,
) {
  database = backend === 'postgres' ? await createTestDatabase() : undefined
  const t = await startTestServer({
    custody: { '*': 'sealed' },
    ...(database ? { databaseUrl: database.url } : {}),
  })
  server = t
  const made = solana ? newWalletSecret() : undefined
  const key = made?.secret ?? secp256k1.utils.randomPrivateKey()
  const { address } = privateKeyToAccount(bytesToHex(key.subarray(0, 32)))
  const devices = ids.slice(0, count).map((id) => device(t, id, address))
  for (const each of devices) await each.login(email)
  const [first] = devices
  if (!first) throw new TypeError('no device')
  const [share, serverShare, recovery] = await split(key, 3, 2)
  if (!share || !serverShare || !recovery) throw new TypeError('split')
  const answer = await t.post(
    '/v1/sealed-wallet',
    {
      projectId: 'sealed-project',
      address,
      ...(made ? { solanaAddress: made.solanaAddress } : {}),
      serverShare: encodeBase64(serverShare),
      recoveryShare: await sealRecoveryShare(recovery, secret, address),
      keyProof: await sealedKeyProof(key, first.credential as TestCredential, 'create'),
    },
    first.credential,
  )
  expect(answer.status).toBe(200)
  first.keep(share, 1)
  return { t, address, devices, solanaAddress: made?.solanaAddress }
}

describe.each(['sqlite', 'postgres'] as const)('%s', (backend) => {
  test('behavior: two devices each sign without recovering again, however they alternate', async () => {
    const { t, devices } = await sealedWallet(backend, 'alternate@example.test')
    const [a, b] = devices as [ReturnType<typeof device>, ReturnType<typeof device>]
    // The wallet's first split signs on the device that made it (as a wallet from before does).
    expect(await a.sign()).toBe('signed')
    expect(await b.sign()).toBe('asks to recover')
    expect(await b.recover()).toBe(200)
    for (let round = 0; round < 2; round++) {
      expect(await a.sign()).toBe('signed')
      expect(await b.sign()).toBe('signed')
    }
    // A re-split on the first device (a PRF passkey added) gives it its own split and retires
    // the first one; the second device's split is untouched.
    expect(await a.recover()).toBe(200)
    expect(await b.sign()).toBe('signed')
    expect(await a.sign()).toBe('signed')
    const userId = (await t.server.context.storage.users.findByEmail('alternate@example.test'))?.id
    expect(await t.server.context.storage.sealedWallets.findShares(userId ?? '')).toBeUndefined()
    const listed = await a.devices()
    expect(listed.map((each) => each.current)).toEqual([true, false])
    expect(new Set(listed.map((each) => each.version)).size).toBe(2)
    // `latchkey rotate-master-key` re-encrypts every device's server share.
    const storage = t.server.context.storage
    const keys = deriveKeys(randomBytes(32), [parseMasterKey(testMasterKey)])
    expect(await rotateMasterKey({ storage, keys, pageSize: 1 })).toMatchObject({ rotated: 2 })
    const rotated = await storage.secrets.page('deviceShare', '', 10)
    expect(rotated).toHaveLength(2)
    expect(rotated.every((secret) => opensWith(keys.wallet, secret))).toBe(true)
  })

  test('behavior: a revoked device is signed out and must recover; the other keeps signing', async () => {
    const { devices } = await sealedWallet(backend, 'revoke@example.test', 3)
    const [a, b, c] = devices as [
      ReturnType<typeof device>,
      ReturnType<typeof device>,
      ReturnType<typeof device>,
    ]
    expect(await b.recover()).toBe(200)
    expect(await c.recover()).toBe(200)
    const listed = await a.devices()
    expect(listed).toHaveLength(3)
    // Never the device in use.
    const own = listed.find((each) => each.current)
    expect(own?.first).toBe(true)
    const refused = await a.revoke(own?.version ?? 0)
    expect(refused.status).toBe(400)
    expect(refused.body.error?.message).toMatch(/the device you are using/)
    // The first device signs the second out.
    const bVersion = (await b.devices()).find((each) => each.current)?.version ?? 0
    expect((await a.revoke(bVersion)).status).toBe(200)
    expect(await b.sign()).toBe(401)
    await b.login('revoke@example.test')
    expect(await b.sign()).toBe('asks to recover')
    expect(await a.sign()).toBe('signed')
    expect(await c.sign()).toBe('signed')
    // The third signs the first (the device that made the wallet: the first slot) out.
    const first = (await c.devices()).find((each) => each.first)?.version ?? 0
    expect((await c.revoke(first)).status).toBe(200)
    expect(await a.sign()).toBe(401)
    await a.login('revoke@example.test')
    expect(await a.sign()).toBe('asks to recover')
    expect(await c.sign()).toBe('signed')
    // Both recover from the third device's split and sign again.
    expect(await a.recover()).toBe(200)
    expect(await b.recover()).toBe(200)
    expect([await a.sign(), await b.sign(), await c.sign()]).toEqual(['signed', 'signed', 'signed'])
  })

  test('behavior: devices enrolling at once each keep their split; one device re-splitting twice at once keeps one', async () => {
    const { devices } = await sealedWallet(backend, 'concurrent@example.test', 3)
    const [a, b, c] = devices as [
      ReturnType<typeof device>,
      ReturnType<typeof device>,
      ReturnType<typeof device>,
    ]
    expect(await Promise.all([b.recover(), c.recover()])).toEqual([200, 200])
    expect([await a.sign(), await b.sign(), await c.sign()]).toEqual(['signed', 'signed', 'signed'])
    const versions = (await a.devices()).map((each) => each.version)
    expect(new Set(versions).size).toBe(3)
    // The same device twice at once (two tabs): one split wins, the other is refused.
    const twice = await Promise.all([b.recover(), b.recover()])
    expect(twice.sort()).toEqual([200, 400])
    expect((await a.devices()).length).toBe(3)
  })

  test('behavior: with the Solana key sealed, every device split holds both keys; an import replaces them all', async () => {
    const sealed = await sealedWallet(backend, 'solana@example.test', 2, true)
    const { t, address, solanaAddress } = sealed
    const [a, b] = sealed.devices as [ReturnType<typeof device>, ReturnType<typeof device>]
    expect(await b.recover()).toBe(200)
    expect([await a.sign(), await b.sign()]).toEqual(['signed', 'signed'])
    const userId = (await t.server.context.storage.users.findByEmail('solana@example.test'))?.id
    const rows = await t.server.context.storage.deviceShares.findByUser(userId ?? '')
    expect(rows).toHaveLength(1)
    // A device's split of the EVM key alone would lose the Solana key: refused.
    const { body } = await b.released()
    const [, evmOnly, recovery] = await split(secp256k1.utils.randomPrivateKey(), 3, 2)
    const refused = await t.post<{ error?: { message: string } }>(
      '/v1/sealed-wallet/rotate',
      {
        fromVersion: body.version,
        serverShare: encodeBase64(evmOnly as Uint8Array),
        recoveryShare: await sealRecoveryShare(recovery as Uint8Array, secret, address),
      },
      b.credential,
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error?.message).toMatch(/Solana key too/)
    expect(await b.sign()).toBe('signed')
    // An import (a new key and a new Solana seed) replaces every device's split and the account.
    const next = newWalletSecret()
    const [, serverShare, nextRecovery] = await split(next.secret, 3, 2)
    const imported = await importSealedWallet(t.server.context, {
      userId: userId ?? '',
      projectId: 'sealed-project',
      address: next.address,
      serverShare: encodeBase64(serverShare as Uint8Array),
      recoveryShare: await sealRecoveryShare(nextRecovery as Uint8Array, secret, next.address),
      replace: { address, confirmed: true },
      solanaAddress: next.solanaAddress,
    })
    expect(await t.server.context.storage.deviceShares.findByUser(userId ?? '')).toEqual([])
    expect(await t.server.context.storage.solanaWallets.findByUserId(userId ?? '')).toMatchObject({
      address: next.solanaAddress,
      encryptedKey: '',
    })
    expect(next.solanaAddress).not.toBe(solanaAddress)
    expect([await a.sign(), await b.sign()]).toEqual(['asks to recover', 'asks to recover'])
    expect((await b.released()).body).toMatchObject({
      version: imported.version,
      solanaAddress: next.solanaAddress,
    })
    // `latchkey rotate-master-key` re-encrypts the shares and skips the key-less Solana row.
    const storage = t.server.context.storage
    const keys = deriveKeys(randomBytes(32), [parseMasterKey(testMasterKey)])
    expect(await rotateMasterKey({ storage, keys, pageSize: 1 })).toMatchObject({ rotated: 1 })
    expect((await storage.solanaWallets.findByUserId(userId ?? ''))?.encryptedKey).toBe('')
  })
})
