import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { releaseShares } from '../../server/custody/sealedWallets'
import type { TestBrowser } from '../harness/browser'
import {
  frameOf,
  hostRequest,
  loginByEmail,
  openHost,
  startScreen,
  waitForResult,
} from './frameHostPage'
import type { FrameLab } from './frameLab'
import { addAuthenticator, passkeyLogin, passkeyStep, registerPasskey } from './passkeyFrame'
import { firstView, setPassword, signs, startSealedLab, wait } from './sealedFrame'

// Passkeys in the three-site lab (issue 16): the frame (wallet.test) makes and uses passkeys for
// its own origin, inside the host page (dapp.test), on Chromium's virtual authenticator (DevTools
// protocol) with user verification and the PRF extension. The server runs `custody: 'sealed'`
// and `passkeys` for http://wallet.test:<port>; third-party storage is partitioned. Passkey login,
// PRF wrapping and recovery by passkey in every setup (same-site, blocked storage) are in the
// sealed matrix (./sealedMatrix.ts); here are the passkey list, no PRF, and the refusals.

describe('passkeys in the frame, third-party storage partitioned', () => {
  let lab: FrameLab
  let browser: TestBrowser
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ lab, browser, close } = await startSealedLab({}, 'partitioned', { passkeys: true }))
  })
  afterAll(async () => {
    await close?.()
  })

  const context = () => lab.server.server.context

  async function signedIn(name: string, prf = true) {
    const page = await browser.newPage()
    const authenticator = await addAuthenticator(page, { prf })
    await openHost(page, lab.hostUrl)
    const email = `${name}@example.com`
    const user = await loginByEmail(page, lab.server.sink, email)
    expect(user.ok).toBe(true)
    const address = (user as { value: { address: Hex } }).value.address
    const found = await context().storage.users.findByEmail(email)
    if (!found) throw new TypeError('no user')
    return { page, email, address, userId: found.id, authenticator }
  }

  test('default: register a passkey, sign out, sign in with the passkey alone, sign a message that verifies, then remove the passkey in the frame (a recovery password seals the share first)', async () => {
    const { page, address, userId } = await signedIn('pk-login')
    const registered = await registerPasskey(page)
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
    const login = await passkeyLogin(page)
    expect(login).toEqual({ ok: true, value: undefined })
    const user = await hostRequest(page, 'GET_USER', { chainId: 1 })
    expect(user).toMatchObject({ ok: true, value: { address } })
    // The counter moved; the new session is bound to the frame's device key like an email one.
    const used = await context().storage.passkeys.find(passkey?.credentialId ?? '')
    expect(used?.counter).toBeGreaterThan(passkey?.counter ?? 0)
    expect(used?.usedAt).not.toBeNull()
    await signs(page, address, 'signed in with a passkey')

    // The list in the frame: this passkey seals the recovery share, so removing it asks for a
    // recovery password first (a new split), then it is gone and the password seals the share.
    await startScreen(page, 'manage', 'MANAGE_PASSKEYS')
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
    await setPassword(page)
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
    const registered = await registerPasskey(page)
    expect(registered).toEqual({ ok: true, value: { prf: false } })
    expect(await context().storage.passkeys.findByUser(userId)).toMatchObject([{ prf: false }])
    expect((await releaseShares(context(), userId)).recoveryShare).toBeNull()
    await signs(page, address, 'no prf', async () => {
      await firstView(page).toBe('SetRecoveryPassword')
      await setPassword(page)
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
    await registerPasskey(page)
    expect((await hostRequest(page, 'SIGN_OUT')).ok).toBe(true)
    const sent: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/passkey/login')
        sent.push(request.postData() ?? '')
    })
    const login = await passkeyLogin(page)
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
})
