import { split } from 'shamir-secret-sharing'
import { verifyMessage } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import type { Api } from '../../frame/createApi'
import { readServerError } from '../../frame/FrameReplyError'
import { createSealedCustody } from '../../frame/sealed/createSealedCustody'
import { createShareStore, type ShareStore } from '../../frame/sealed/createShareStore'
import { sealRecoveryShare } from '../../frame/sealed/recoveryCipher'
import { newWalletSecret } from '../../frame/sealed/walletSecret'
import { maxSplits } from '../../server/custody/deviceShares'
import { encodeBase64 } from '../../src/utils/base64'
import { createTestDatabase, type TestDatabase } from '../harness/postgres'
import { sealedKeyProof } from '../harness/sealedKeyProof'
import { startTestServer, type TestCredential, type TestServer } from '../harness/startTestServer'

// Issue 16 (docs/security.md "Sealed wallets on several devices"), on SQLite and PostgreSQL,
// with the frame's own sealed custody (frame/sealed/createSealedCustody.ts) against a real
// server: a frame whose storage the browser blocks unlocks at every reload without adding a
// split; the first split's device is signed out when that split is, and only it retires it; a
// wallet has at most ten splits.

let server: TestServer | undefined
let database: TestDatabase | undefined
afterEach(async () => {
  await server?.close()
  await database?.drop()
  server = database = undefined
})

// A passkey's PRF output (HKDF, fast); a password opens the same way.
const secret = { credentialId: 'passkey-one', output: new Uint8Array(32).fill(9) }
const projectId = 'sealed-project'

/** The frame's API (frame/createApi.ts) over the test server, as `credential`'s device. */
const apiOf =
  (t: TestServer, credential: TestCredential): Api =>
  async <T>(path: string, options: { body?: unknown } = {}) => {
    const answer =
      options.body === undefined
        ? await t.get(`/v1${path}`, credential)
        : await t.post(`/v1${path}`, options.body, credential)
    if (answer.status !== 200) throw readServerError(answer.body)
    return answer.body as T
  }

/** IndexedDB that survives a reload: the same records, in a store that says so. */
function persistentStore(): ShareStore {
  const store = createShareStore()
  return { ...store, persistent: async () => true }
}

/** A frame page of device `deviceId`: signed in, with its sealed custody over `shares`. */
async function framePage(t: TestServer, email: string, deviceId: string, shares: ShareStore) {
  const credential = await t.login(email, deviceId)
  const custody = createSealedCustody({
    api: apiOf(t, credential),
    session: credential,
    projectId,
    shares,
  })
  /** What the frame does at an approval: unlock when it must, then sign with the rebuilt key. */
  const sign = async () => {
    const status = await custody.status()
    if (status.custody !== 'sealed') throw new TypeError('not sealed')
    const need = await custody.need(status)
    if (need !== 'ready') await custody.unlock(secret)
    const message = `signed on ${deviceId}`
    const signature = await custody.withAccount((account) => account.signMessage({ message }))
    expect(
      await verifyMessage({ address: status.address as `0x${string}`, message, signature }),
    ).toBe(true)
    return need
  }
  return { credential, custody, sign }
}

async function start(backend: 'sqlite' | 'postgres') {
  database = backend === 'postgres' ? await createTestDatabase() : undefined
  const t = await startTestServer({
    custody: { '*': 'sealed' },
    ...(database ? { databaseUrl: database.url } : {}),
  })
  server = t
  const userIdOf = async (email: string) =>
    (await t.server.context.storage.users.findByEmail(email))?.id ?? ''
  /** Every split of the user's wallet: the first one's version, then each device's. */
  const splits = async (userId: string) => {
    const { storage } = t.server.context
    const first = await storage.sealedWallets.findShares(userId)
    const devices = await storage.deviceShares.findByUser(userId)
    return [...(first ? [`first ${first.version}`] : []), ...devices.map((d) => d.version)]
  }
  return { t, userIdOf, splits }
}

/** A wallet as a frame makes it on `page`'s device, its recovery share sealed at once. */
async function makeWallet(t: TestServer, page: Awaited<ReturnType<typeof framePage>>) {
  const made = newWalletSecret()
  const [device, serverShare, recovery] = await split(made.secret, 3, 2)
  if (!device || !serverShare || !recovery) throw new TypeError('split')
  const answer = await t.post(
    '/v1/sealed-wallet',
    {
      projectId,
      address: made.address,
      solanaAddress: made.solanaAddress,
      serverShare: encodeBase64(serverShare),
      recoveryShare: await sealRecoveryShare(recovery, secret, made.address),
      keyProof: await sealedKeyProof(made.secret, page.credential, 'create'),
    },
    page.credential,
  )
  expect(answer.status).toBe(200)
  return { address: made.address, device }
}

describe.each(['sqlite', 'postgres'] as const)('%s', (backend) => {
  test('behavior: a frame with storage blocked unlocks at each reload and signs, adding no split; a persistent one enrols once', async () => {
    const { t, userIdOf, splits } = await start(backend)
    const email = 'memory@example.test'
    // The wallet made in a frame whose storage is blocked (Node has no IndexedDB: memory only),
    // its recovery set there: the device's own split (the first one retired).
    const maker = await framePage(t, email, 'device-memory-0000000', createShareStore())
    expect(await maker.custody.setUp()).toBeUndefined()
    expect(await maker.sign()).toBe('set-password')
    expect(await maker.sign()).toBe('ready')
    const userId = await userIdOf(email)
    const made = await splits(userId)
    expect(made).toHaveLength(1)
    // Each reload: a new device id and an empty store; the recovery share opens, then signs
    // (twice: the second without unlocking), and no split is added.
    let page = maker
    for (const reload of [1, 2, 3]) {
      page = await framePage(t, email, `device-memory-reload-${reload}`, createShareStore())
      expect(await page.sign()).toBe('enter-password')
      expect(await page.sign()).toBe('ready')
      expect(await splits(userId)).toEqual(made)
    }
    // Its device list shows the split it signs with as the maker's, used here.
    const listed = await page.custody.devices()
    expect(listed.map((each) => [each.current, each.borrowed])).toEqual([[true, true]])
    // A persistent frame on a new device enrols once, and signs after its reload without it.
    const shares = persistentStore()
    const persistent = await framePage(t, email, 'device-persistent-0000', shares)
    expect(await persistent.sign()).toBe('enter-password')
    const enrolled = await splits(userId)
    expect(enrolled).toHaveLength(2)
    const reloaded = await framePage(t, email, 'device-persistent-0000', shares)
    expect(await reloaded.sign()).toBe('ready')
    const own = (await reloaded.custody.devices()).find((each) => each.current)
    expect(own).toMatchObject({ version: enrolled[0], borrowed: false })
    // The memory frame's split is no longer the newest to recover from: asked again, no split.
    expect(await page.sign()).toBe('enter-password')
    expect(await splits(userId)).toEqual(enrolled)
  })

  test('behavior: signing out the first split’s device ends its sessions; one from before loses its shares only', async () => {
    const { t, userIdOf } = await start(backend)
    const email = 'first@example.test'
    const maker = await framePage(t, email, 'device-maker-000000000', persistentStore())
    const { address, device } = await makeWallet(t, maker)
    const userId = await userIdOf(email)
    expect(await t.server.context.storage.sealedWallets.findShares(userId)).toMatchObject({
      version: 1,
      deviceId: 'device-maker-000000000',
    })
    // The maker signs with the first split (a second page of it too); another device enrols.
    const shares = persistentStore()
    await shares.put(address, device, 1)
    const signer = await framePage(t, email, 'device-maker-000000000', shares)
    expect(await signer.sign()).toBe('ready')
    const other = await framePage(t, email, 'device-other-000000000', persistentStore())
    expect(await other.sign()).toBe('enter-password')
    const listed = await other.custody.devices()
    expect(listed.map((each) => [each.first, each.current])).toEqual([
      [false, true],
      [true, false],
    ])
    // The other device signs the maker out: every session of the maker's device ends.
    await other.custody.revoke(1)
    const statusOf = (page: { credential: TestCredential }) =>
      t.get('/v1/sealed-wallet', page.credential).then((answer) => answer.status)
    expect([await statusOf(maker), await statusOf(signer), await statusOf(other)]).toEqual([
      401, 401, 200,
    ])
    expect(await other.sign()).toBe('ready')
    // Signed in again, the maker must recover like a new device.
    const back = await framePage(t, email, 'device-maker-000000000', shares)
    expect(await back.sign()).toBe('enter-password')

    // A first split from before migration 18 (its device unknown): its shares go, no session.
    const oldEmail = 'before@example.test'
    const old = await framePage(t, oldEmail, 'device-old-00000000000', persistentStore())
    const oldWallet = await makeWallet(t, old)
    await t.query('UPDATE wallet_shares SET device_id = NULL WHERE user_id = ?', [
      await userIdOf(oldEmail),
    ])
    const oldShares = persistentStore()
    await oldShares.put(oldWallet.address, oldWallet.device, 1)
    const oldSigner = await framePage(t, oldEmail, 'device-old-00000000000', oldShares)
    expect(await oldSigner.sign()).toBe('ready')
    const newer = await framePage(t, oldEmail, 'device-new-00000000000', persistentStore())
    expect(await newer.sign()).toBe('enter-password')
    await newer.custody.revoke(1)
    expect(await statusOf(oldSigner)).toBe(200)
    expect(await oldSigner.sign()).toBe('enter-password')
  })

  test('behavior: only the first split’s own device retires it; a frame with an opened recovery share of it keeps it', async () => {
    const { t, userIdOf, splits } = await start(backend)
    const email = 'retire@example.test'
    const maker = await framePage(t, email, 'device-maker-000000000', persistentStore())
    const { address, device } = await makeWallet(t, maker)
    const userId = await userIdOf(email)
    const shares = persistentStore()
    await shares.put(address, device, 1)
    const signer = await framePage(t, email, 'device-maker-000000000', shares)
    // The server lets only the first split's device retire it, whatever a request says.
    const intruder = await framePage(t, email, 'device-intruder-000000', persistentStore())
    const [, serverShare, recovery] = await split(crypto.getRandomValues(new Uint8Array(64)), 3, 2)
    const rotated = await t.post(
      '/v1/sealed-wallet/rotate',
      {
        fromVersion: 1,
        serverShare: encodeBase64(serverShare as Uint8Array),
        recoveryShare: await sealRecoveryShare(recovery as Uint8Array, secret, address),
        retireFirst: true,
      },
      intruder.credential,
    )
    expect(rotated.status).toBe(200)
    expect(await splits(userId)).toEqual(['first 1', 2])
    expect(await signer.sign()).toBe('ready')
    // A first split from before (its device unknown: the frame says whether it held it). A frame
    // with storage blocked opens its recovery share, then re-splits (a PRF passkey added): its
    // own split, and the first stays its maker's.
    await t.query('UPDATE wallet_shares SET device_id = NULL WHERE user_id = ?', [userId])
    const memory = await framePage(t, email, 'device-memory-0000000', createShareStore())
    expect(await memory.sign()).toBe('enter-password')
    const status = await memory.custody.status()
    expect(status.custody === 'sealed' && (await memory.custody.need(status))).toBe('ready')
    await memory.custody.unlock({ credentialId: 'passkey-two', output: new Uint8Array(32).fill(3) })
    expect(await splits(userId)).toEqual(['first 1', 3, 2])
    expect([await memory.sign(), await signer.sign()]).toEqual(['ready', 'ready'])
    // The maker known again, its share lost but its device id kept: its new split replaces the
    // first (whose device share is gone), as a re-split of it would.
    await t.query('UPDATE wallet_shares SET device_id = ? WHERE user_id = ?', [
      'device-maker-000000000',
      userId,
    ])
    const lost = await framePage(t, email, 'device-maker-000000000', persistentStore())
    expect(await lost.sign()).toBe('enter-password')
    expect(await splits(userId)).toEqual([4, 3, 2])
  })

  test('behavior: a wallet has at most ten splits; one more is refused until a device is signed out, re-splits are not', async () => {
    const { t, userIdOf, splits } = await start(backend)
    const email = 'limit@example.test'
    const maker = await framePage(t, email, 'device-maker-000000000', persistentStore())
    const { address, device } = await makeWallet(t, maker)
    const userId = await userIdOf(email)
    const page = (name: string) =>
      framePage(t, email, `device-${name}-0000000000`, persistentStore())
    const pages = []
    for (let i = 2; i < maxSplits; i++) {
      pages.push(await page(`n${i}`))
      expect(await pages.at(-1)?.sign()).toBe('enter-password')
    }
    // Two devices at once for the last split: one gets it, the other is refused.
    const [a, b] = [await page('a'), await page('b')]
    const both = await Promise.allSettled([a.sign(), b.sign()])
    expect(both.map((each) => each.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = both.find((each) => each.status === 'rejected')
    expect(refused?.reason.shortMessage).toBe(
      'Invalid request: Your wallet is unlocked on 10 devices: sign one out (Security, Devices) first.',
    )
    expect(await splits(userId)).toHaveLength(maxSplits)
    const eleventh = await page('eleventh')
    await expect(eleventh.sign()).rejects.toThrow(/unlocked on 10 devices/)
    // The enrolment's transaction counts too (for devices that passed the check at once).
    const { deviceShares } = t.server.context.storage
    const racing = { userId, deviceId: 'device-racing-00000000', serverShare: 'x', at: 1 }
    expect(
      await deviceShares.enrol({ ...racing, recoveryShare: null }, null, null, maxSplits),
    ).toBe(undefined)
    // A frame with storage blocked adds none and signs; re-splits do not count: the maker swaps
    // the first split for its own, another device re-splits its own.
    const memory = await framePage(t, email, 'device-memory-0000000', createShareStore())
    expect(await memory.sign()).toBe('enter-password')
    const shares = persistentStore()
    await shares.put(address, device, 1)
    await (await framePage(t, email, 'device-maker-000000000', shares)).custody.unlock(secret)
    await pages[0]?.custody.unlock(secret)
    expect(await splits(userId)).toHaveLength(maxSplits)
    // One signed out, the eleventh device enrols.
    const second = (await pages[1]?.custody.devices())?.find((each) => each.current)
    await eleventh.custody.revoke(second?.version ?? 0)
    expect(await eleventh.sign()).toBe('enter-password')
    expect(await splits(userId)).toHaveLength(maxSplits)
  })
})
