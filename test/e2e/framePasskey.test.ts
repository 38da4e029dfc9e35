import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { CDPSession, Page } from 'playwright-core'
import { bytesToHex, type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { releaseShares } from '../../server/custody/sealedWallets'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import {
  frameOf,
  hostRequest,
  loginByEmail,
  openHost,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// Passkeys in the three-site lab (issue 16): the frame (wallet.test) makes and uses passkeys for
// its own origin, inside the host page (dapp.test), on Chromium's virtual authenticator (DevTools
// protocol) with user verification and the PRF extension. The server runs `custody: 'sealed'`
// and `passkeys` for http://wallet.test:<port>.

const wait = { timeout: 15_000 }
const password = 'correct horse battery staple'

/** Chromium's virtual authenticator for the page's tab (the frame inside it uses it too). */
async function addAuthenticator(page: Page, { prf }: { prf: boolean }) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable', {})
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: prf,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

const isReady = (page: Page) =>
  page.waitForFunction(() =>
    Boolean(
      (window as unknown as { lkHost?: { client: { isReady: boolean } } }).lkHost?.client.isReady,
    ),
  )

/** Waits for the frame to show `view`, then clicks `button` on it. */
async function clickOn(page: Page, view: string, button: string) {
  const frame = frameOf(page)
  await expect.poll(() => frame.locator(`[data-view="${view}"]`).count(), wait).toBe(1)
  await frame.getByRole('button', { name: button }).click()
}

/** A passkey step started from the host: its screen shows, the visitor clicks, it settles. */
async function passkeyStep(page: Page, key: string, type: string, view: string, button: string) {
  const approvals = await page.evaluate(
    () =>
      (window as unknown as { lkHost: { approvals: { type: string }[] } }).lkHost.approvals.filter(
        (event) => event.type === 'APPROVAL_REQUESTED',
      ).length,
  )
  await startRequest(page, key, type)
  await waitForApproval(page, approvals + 1)
  await clickOn(page, view, button)
  return waitForResult(page, key)
}

async function approve(page: Page) {
  const button = frameOf(page).getByRole('button', { name: 'Approve' })
  await expect.poll(() => button.isEnabled(), wait).toBe(true)
  await button.click()
}

/** personal_sign through the host; `before` runs on the screen shown before the approval. */
async function personalSign(
  page: Page,
  address: string,
  text: string,
  before?: () => Promise<void>,
) {
  const key = `sign-${text}`
  await startRequest(page, key, 'RPC_REQUEST', {
    method: 'personal_sign',
    params: [bytesToHex(new TextEncoder().encode(text)), address],
  })
  if (before) await before()
  await approve(page)
  const signed = await waitForResult(page, key)
  expect(signed.ok).toBe(true)
  const signature = (signed as { value: { result: Hex } }).value.result
  expect(await verifyMessage({ address: address as Hex, message: text, signature })).toBe(true)
}

/** The view of the first screen the frame shows (recovery password, passkey unlock or approval). */
const firstView = (page: Page) =>
  expect
    .poll(
      () =>
        frameOf(page)
          .locator('[data-view]')
          .first()
          .getAttribute('data-view', { timeout: 1_000 })
          .catch(() => null),
      wait,
    )
    .not.toBeNull()

describe.each([
  { mode: 'partitioned', args: ['--disable-features=TrackingProtection3pcd'] },
  { mode: 'blocked', args: [] as string[] },
])('passkeys in the frame, third-party storage $mode', ({ mode, args }) => {
  let lab: FrameLab
  let browser: TestBrowser

  beforeAll(async () => {
    lab = await startFrameLab({ server: { custody: 'sealed' }, passkeys: true })
    browser = await launchBrowser({ wallet: false, args: [...lab.browserArgs, ...args] })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
  })

  const context = () => lab.server.server.context

  /**
   * A new device for the wallet origin in this tab: its storage in this site's partition is
   * cleared (blocked storage keeps nothing anyway), then the page reloads. The virtual
   * authenticator stays with the tab: a second browser cannot carry its PRF secret (DevTools'
   * WebAuthn.addCredential has no field for it).
   */
  async function forgetWalletOrigin(page: Page) {
    if (mode === 'partitioned') {
      // The wallet frame is out of process: its own DevTools session names its storage key.
      const wallet = page.frames().find((frame) => frame.url().startsWith(lab.frameUrl))
      if (!wallet) throw new TypeError('no wallet frame')
      const cdp = await page.context().newCDPSession(wallet)
      const { frameTree } = await cdp.send('Page.getFrameTree')
      const { storageKey } = await cdp.send('Storage.getStorageKeyForFrame', {
        frameId: frameTree.frame.id,
      })
      await cdp.send('Storage.clearDataForStorageKey', { storageKey, storageTypes: 'all' })
    }
    await page.reload()
    await isReady(page)
  }

  async function signedIn(name: string, prf = true) {
    const page = await browser.newPage()
    const authenticator = await addAuthenticator(page, { prf })
    await openHost(page, lab.hostUrl)
    const email = `${name}-${mode}@example.com`
    const user = await loginByEmail(page, lab.server.sink, email)
    expect(user.ok).toBe(true)
    const address = (user as { value: { address: string } }).value.address
    const found = await context().storage.users.findByEmail(email)
    if (!found) throw new TypeError('no user')
    return { page, email, address, userId: found.id, authenticator }
  }

  test('default: register a passkey, sign out, sign in with the passkey alone, sign a message that verifies, then remove the passkey in the frame (a recovery password seals the share first)', async () => {
    const { page, address, userId } = await signedIn('pk-login')
    const registered = await passkeyStep(
      page,
      'register',
      'REGISTER_PASSKEY',
      'PasskeyRegister',
      'Create passkey',
    )
    expect(registered).toEqual({ ok: true, value: { prf: true } })
    const [passkey] = await context().storage.passkeys.findByUser(userId)
    expect(passkey).toMatchObject({ prf: true, counter: expect.any(Number) })
    // The recovery share is sealed under the passkey's PRF output now, not a password.
    const shares = await releaseShares(context(), userId)
    expect(shares.recoveryShare).toMatchObject({ kdf: 'prf', credentialId: passkey?.credentialId })

    expect(await hostRequest(page, 'SIGN_OUT')).toMatchObject({ ok: true })
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: false },
    })
    const login = await passkeyStep(
      page,
      'login',
      'CONNECT_PASSKEY',
      'PasskeyLogin',
      'Continue with passkey',
    )
    expect(login).toEqual({ ok: true, value: undefined })
    const user = await hostRequest(page, 'GET_USER', { chainId: 1 })
    expect(user).toMatchObject({ ok: true, value: { address } })
    // The counter moved; the new session is bound to the frame's device key like an email one.
    const used = await context().storage.passkeys.find(passkey?.credentialId ?? '')
    expect(used?.counter).toBeGreaterThan(passkey?.counter ?? 0)
    expect(used?.usedAt).not.toBeNull()
    await personalSign(page, address, 'signed in with a passkey')

    // The list in the frame: this passkey seals the recovery share, so removing it asks for a
    // recovery password first (a new split), then it is gone and the password seals the share.
    const approvals = await page.evaluate(
      () =>
        (
          window as unknown as { lkHost: { approvals: { type: string }[] } }
        ).lkHost.approvals.filter((event) => event.type === 'APPROVAL_REQUESTED').length,
    )
    await startRequest(page, 'manage', 'MANAGE_PASSKEYS')
    await waitForApproval(page, approvals + 1)
    const frame = frameOf(page)
    await expect.poll(() => frame.locator('[data-view="PasskeyList"] li').count(), wait).toBe(1)
    expect(await frame.locator('.lk-passkey-badge').textContent()).toMatch(/recovery part/)
    await frame.getByRole('button', { name: 'Remove Passkey 1', exact: true }).click()
    await frame.getByRole('button', { name: 'Remove Passkey 1 now' }).click()
    // The user's passkey is a second factor: removing a way in asks for it first (loginMethods
    // is on by default), before anything changes.
    await expect.poll(() => frame.locator('[data-view="FactorChallenge"]').count(), wait).toBe(1)
    await frame.getByRole('button', { name: 'Use a passkey' }).click()
    await expect
      .poll(() => frame.locator('[data-view="SetRecoveryPassword"]').count(), wait)
      .toBe(1)
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByLabel('Type it again', { exact: true }).fill(password)
    await frame.getByRole('button', { name: 'Set password' }).click()
    await expect.poll(() => frame.locator('[data-view="PasskeyList"] li').count(), wait).toBe(0)
    await frame.getByRole('button', { name: 'Done' }).click()
    expect(await waitForResult(page, 'manage')).toEqual({ ok: true, value: { passkeys: 0 } })
    expect(await context().storage.passkeys.findByUser(userId)).toEqual([])
    expect((await releaseShares(context(), userId)).recoveryShare?.kdf).toBe('argon2id')
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: an authenticator without PRF registers a passkey, and the recovery share stays with the password', async () => {
    const { page, address, userId } = await signedIn('pk-no-prf', false)
    const registered = await passkeyStep(
      page,
      'register',
      'REGISTER_PASSKEY',
      'PasskeyRegister',
      'Create passkey',
    )
    expect(registered).toEqual({ ok: true, value: { prf: false } })
    expect(await context().storage.passkeys.findByUser(userId)).toMatchObject([{ prf: false }])
    expect((await releaseShares(context(), userId)).recoveryShare).toBeNull()
    await personalSign(page, address, 'no prf', async () => {
      await firstView(page)
      const frame = frameOf(page)
      expect(await frame.locator('[data-view]').first().getAttribute('data-view')).toBe(
        'SetRecoveryPassword',
      )
      await frame.getByLabel('Recovery password', { exact: true }).fill(password)
      await frame.getByLabel('Type it again', { exact: true }).fill(password)
      await frame.getByRole('button', { name: 'Set password' }).click()
    })
    expect((await releaseShares(context(), userId)).recoveryShare?.kdf).toBe('argon2id')
    await page.close()
  })

  test('behavior: a passkey of another authenticator is refused with a typed error; nobody is signed in', async () => {
    const page = await browser.newPage()
    const { cdp, authenticatorId } = await addAuthenticator(page, { prf: true })
    // A discoverable passkey for the wallet's RP ID that this server never registered.
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    await cdp.send('WebAuthn.addCredential', {
      authenticatorId,
      credential: {
        credentialId: randomBytes(32).toString('base64'),
        isResidentCredential: true,
        rpId: 'wallet.test',
        privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        userHandle: randomBytes(16).toString('base64'),
        signCount: 0,
      },
    })
    await openHost(page, lab.hostUrl)
    const outcome = await passkeyStep(
      page,
      'stranger',
      'CONNECT_PASSKEY',
      'PasskeyLogin',
      'Continue with passkey',
    )
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        name: 'PasskeyVerificationError',
        message: 'This passkey is not registered for any account here.',
      },
    })
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: false },
    })
    await page.close()
  })

  test('behavior: a replayed assertion is refused by the server; the session it made goes on working', async () => {
    const { page, address } = await signedIn('pk-replay')
    await passkeyStep(page, 'register', 'REGISTER_PASSKEY', 'PasskeyRegister', 'Create passkey')
    expect((await hostRequest(page, 'SIGN_OUT')).ok).toBe(true)
    const sent: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/passkey/login')
        sent.push(request.postData() ?? '')
    })
    const login = await passkeyStep(
      page,
      'login',
      'CONNECT_PASSKEY',
      'PasskeyLogin',
      'Continue with passkey',
    )
    expect(login.ok).toBe(true)
    expect(sent).toHaveLength(1)
    // The assertion as it went over the wire, sent again with a proof of another device key.
    const replay = await lab.server.post<{ error: { name: string } }>(
      '/v1/passkey/login',
      JSON.parse(sent[0] ?? '{}'),
      await lab.server.createDeviceKey(),
    )
    expect(replay.status).toBe(400)
    expect(replay.body.error.name).toBe('PasskeyChallengeError')
    // Nothing of the PRF output went to the server.
    expect(sent[0]).not.toMatch(/results/)
    expect(await hostRequest(page, 'GET_USER', { chainId: 1 })).toMatchObject({
      ok: true,
      value: { address },
    })
    await page.close()
  })

  test('behavior: a device without its share recovers with the passkey (PRF), with no password', async () => {
    const { page, address, email, userId } = await signedIn('pk-recover')
    await passkeyStep(page, 'register', 'REGISTER_PASSKEY', 'PasskeyRegister', 'Create passkey')
    const version = (await releaseShares(context(), userId)).version
    // A new device for the wallet origin: its shares, device key and session are gone (the
    // virtual authenticator stays with the tab; a second browser cannot carry its PRF secret).
    await forgetWalletOrigin(page)
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: false },
    })

    // Signed in by passkey: its PRF output opens the recovery share, no screen before the approval.
    await passkeyStep(page, 'login', 'CONNECT_PASSKEY', 'PasskeyLogin', 'Continue with passkey')
    expect(await hostRequest(page, 'GET_USER', { chainId: 1 })).toMatchObject({
      ok: true,
      value: { address },
    })
    await personalSign(page, address, 'recovered by passkey sign-in', async () => {
      await firstView(page)
      expect(await frameOf(page).locator('[data-view]').first().getAttribute('data-view')).toBe(
        'ApproveTransaction',
      )
    })

    // Recovered: this device got its own share in a new split.
    expect((await releaseShares(context(), userId)).version).toBe(version + 1)

    // Another new device, signed in by email this time: the passkey unlocks the recovery share.
    await forgetWalletOrigin(page)
    expect((await loginByEmail(page, lab.server.sink, email)).ok).toBe(true)
    await personalSign(page, address, 'recovered by passkey unlock', async () => {
      await clickOn(page, 'PasskeyUnlock', 'Use passkey')
    })
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })
})
