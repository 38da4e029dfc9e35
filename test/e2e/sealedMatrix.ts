import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import type { Page } from 'playwright-core'
import type { Hex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { releaseShares } from '../../server/custody/sealedWallets'
import { createWalletRecord, walletAccount } from '../../server/custody/wallets'
import { decodeBase32, hotp, totpStep } from '../../server/factors/totp'
import type { TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import {
  frameOf,
  hostRequest,
  loginByEmail,
  openHost,
  startScreen,
  waitForResult,
} from './frameHostPage'
import type { FrameLab } from './frameLab'
import { addAuthenticator, clickOn, passkeyLogin, registerPasskey } from './passkeyFrame'
import {
  firstView,
  forgetDevice,
  password,
  setPassword,
  signedIn,
  signs,
  startSealedLab,
  unlockWithPassword,
  wait,
  walletFrame,
} from './sealedFrame'

// Issue 16's proof matrix: every sealed-wallet flow in Chromium (passkey login and PRF wrapping,
// a new device, recovery by passkey and by password, the recovery setup after login, export
// after an authenticator-app code, import of a recovery phrase, the upgrade of a `server`
// wallet), in each deployment a project can have. One file per setup (frameSealedMatrix*.test.ts) so the setups run side by side:
// - `same-site`: the dapp at app.latchkey.test embeds wallet.latchkey.test (the recommended
//   `wallet.<your-domain>`), with Chromium's default rules: the frame's storage is its own;
// - `partitioned`: dapp.test embeds wallet.test, third-party storage partitioned (Chrome
//   stable's default): the frame's storage persists, keyed by the top-level site;
// - `blocked`: dapp.test embeds wallet.test, third-party storage blocked: the frame keeps
//   everything in memory, so every reload is a new device.

export type SealedSetup = 'same-site' | 'partitioned' | 'blocked'

export function describeSealedMatrix(setup: SealedSetup) {
  describe(`sealed wallets, ${setup}`, () => {
    const rpcUrls = inject('rpcUrls')
    const sameSite = setup === 'same-site'
    const persistent = setup !== 'blocked'
    const added = Number(persistent) // a new device's split (blocked: none, the page keeps a share)
    let lab: FrameLab
    let browser: TestBrowser
    let close: (() => Promise<void>) | undefined
    let hostUrl: string
    let frameUrl: string

    beforeAll(async () => {
      ;({ lab, browser, close } = await startSealedLab(
        rpcUrls,
        setup === 'partitioned' ? 'partitioned' : 'blocked',
        { passkeys: sameSite ? 'same-site' : true },
      ))
      hostUrl = sameSite ? lab.sameSiteHostUrl : lab.hostUrl
      frameUrl = sameSite ? lab.sameSiteFrameUrl : lab.frameUrl
    })
    afterAll(async () => {
      await close?.()
    })

    const context = () => lab.server.server.context
    const userOf = async (email: string) => {
      const user = await context().storage.users.findByEmail(email)
      if (!user) throw new TypeError(`no user ${email}`)
      return user
    }
    // A retried test starts over with an account of its own.
    let accounts = 0
    const login = (name: string, prepare?: (page: Page) => Promise<unknown>) =>
      signedIn(browser, lab, `${name}-${setup}-${++accounts}`, prepare, hostUrl)
    /** The frame's storage as it reports it. */
    const storageOf = (page: Page) =>
      frameOf(page).locator('#latchkey-frame').getAttribute('data-storage', wait)
    /** This page as a new device of the wallet origin (blocked storage: a reload is one). */
    const newDevice = async (page: Page) => {
      if (persistent) await forgetDevice(page, walletFrame(page, lab, frameUrl), hostUrl)
      else await openHost(page, hostUrl)
      const connected = await hostRequest(page, 'IS_CONNECTED')
      expect(connected).toEqual({ ok: true, value: { isConnected: false } })
    }

    test('default: passkey login with PRF; a new device recovers by passkey sign-in, another by a passkey unlock after email', async () => {
      const { page, email, address } = await login('matrix-passkey', (page) =>
        addAuthenticator(page, { prf: true }),
      )
      expect(await storageOf(page)).toBe(persistent ? 'persistent' : 'memory')
      const { id: userId } = await userOf(email)
      expect(await registerPasskey(page)).toEqual({ ok: true, value: { prf: true } })
      // PRF wrapping: the recovery share is sealed under the passkey's PRF output.
      const [passkey] = await context().storage.passkeys.findByUser(userId)
      const sealed = await releaseShares(context(), userId)
      expect(sealed.recoveryShare).toMatchObject({
        kdf: 'prf',
        credentialId: passkey?.credentialId,
      })

      // Passkey login on its own, then a signature that verifies.
      expect((await hostRequest(page, 'SIGN_OUT')).ok).toBe(true)
      expect(await passkeyLogin(page)).toEqual({ ok: true, value: undefined })
      expect(await hostRequest(page, 'GET_USER', { chainId: 1 })).toMatchObject({
        ok: true,
        value: { address },
      })
      await signs(page, address, 'signed in with a passkey')

      // A new device signed in by passkey: its PRF output opens the recovery share at login, so
      // the approval is the first screen; the device gets a split of its own (blocked: none).
      await newDevice(page)
      expect((await passkeyLogin(page, 'login-2')).ok).toBe(true)
      await signs(page, address, 'recovered by passkey sign-in', async () => {
        await firstView(page).toBe('ApproveTransaction')
      })
      expect((await releaseShares(context(), userId)).version).toBe(sealed.version + added)

      // Another new device, signed in by email: the passkey unlocks the recovery share.
      await newDevice(page)
      expect(await loginByEmail(page, lab.server.sink, email)).toMatchObject({
        ok: true,
        value: { address },
      })
      await signs(page, address, 'recovered by passkey unlock', async () => {
        await clickOn(page, 'PasskeyUnlock', 'Use passkey')
      })
      expect(browser.pageErrors()).toEqual([])
      await page.close()
    })

    test('behavior: a reload keeps the device where storage persists; a new device recovers by password, gets its own split, then signs without it', async () => {
      const { page, email, address } = await login('matrix-password')
      await signs(page, address, 'the first signature sets the password', () => setPassword(page))
      const { id: userId } = await userOf(email)
      const before = await releaseShares(context(), userId)
      expect(before.recoveryShare?.kdf).toBe('argon2id')
      const splits = async () => (await context().storage.deviceShares.findByUser(userId)).length
      const enrolled = await splits()

      // A reload: where the frame's storage persists, still signed in and no password; where it
      // is blocked, signed out, and the password comes back after the next login.
      await openHost(page, hostUrl)
      expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
        ok: true,
        value: { isConnected: persistent },
      })
      if (!persistent) expect((await loginByEmail(page, lab.server.sink, email)).ok).toBe(true)
      await signs(page, address, 'after a reload', async () => {
        if (persistent) await firstView(page).toBe('ApproveTransaction')
        else await unlockWithPassword(page)
      })
      expect(await splits()).toBe(enrolled)

      // A new device: signed in by email, the password, then a split of its own (blocked: none).
      await newDevice(page)
      const version = (await releaseShares(context(), userId)).version
      expect(await loginByEmail(page, lab.server.sink, email)).toMatchObject({
        ok: true,
        value: { address },
      })
      await signs(page, address, 'recovered by password', () => unlockWithPassword(page))
      const after = await releaseShares(context(), userId)
      expect(after.version).toBe(version + added)
      expect(await splits()).toBe(enrolled + added)
      await signs(page, address, 'no password any more', async () => {
        await firstView(page).toBe('ApproveTransaction')
      })
      expect(browser.pageErrors()).toEqual([])
      await page.close()
    })

    test('behavior: right after login the frame offers the recovery setup; once set, a new device rebuilds the wallet with the password, same address', async () => {
      const { page, email, address } = await login('matrix-setup')
      // What the modal asks after a login: the frame shows its screen, like an approval.
      await startScreen(page, 'setup', 'SETUP_RECOVERY', { ask: true })
      await firstView(page).toBe('SetupRecovery')
      expect(await frameOf(page).locator('#lk-recovery-title').textContent()).toBe(
        'Protect your wallet',
      )
      await setPassword(page)
      expect(await waitForResult(page, 'setup')).toEqual({ ok: true, value: { recovery: 'set' } })
      // Asked again, nothing shows: it is set.
      expect(await hostRequest(page, 'SETUP_RECOVERY', { ask: true })).toEqual({
        ok: true,
        value: { recovery: 'set' },
      })
      // The visitor never signed; this device's share goes with the device.
      await newDevice(page)
      expect(await loginByEmail(page, lab.server.sink, email)).toMatchObject({
        ok: true,
        value: { address },
      })
      await signs(page, address, 'after the device was lost', () => unlockWithPassword(page))
      expect(browser.pageErrors()).toEqual([])
      await page.close()
    })

    test('behavior: export after an authenticator-app code shows the wallet’s key in the frame', async () => {
      const { page, address } = await login('matrix-export')
      const frame = frameOf(page)
      const view = (name: string) =>
        expect.poll(() => frame.locator(`[data-view="${name}"]`).count(), wait).toBe(1)
      const nextCode = (secret: Uint8Array) => {
        lab.server.clock.advance(30_000)
        return hotp(secret, totpStep(lab.server.clock.now()))
      }
      await startScreen(page, 'security', 'OPEN_SECURITY')
      await view('Security')
      await frame.locator('[data-factor="totp"] button').click()
      await view('TotpSetup')
      const secret = decodeBase32(
        (await frame.getByTestId('totp-secret').textContent()) ?? '',
      ) as Uint8Array
      await frame.getByLabel('Code from the app').fill(nextCode(secret))
      await frame.getByRole('button', { name: 'Turn on' }).click()
      await view('RecoveryCodes')
      await frame.getByRole('button', { name: 'I saved them' }).click()
      await view('Security')
      await frame.locator('[data-factor="export"] button').click()
      await view('FactorChallenge')
      await frame.getByLabel('Code from your authenticator app').fill(nextCode(secret))
      await frame.getByRole('button', { name: 'Confirm' }).click()
      await view('ExportKey')
      await frame.getByRole('button', { name: 'Reveal' }).first().click()
      const key = (await frame.getByTestId('export-evm-key').textContent()) as Hex
      expect(privateKeyToAccount(key).address).toBe(address)
      await frame.getByRole('button', { name: 'Done' }).click()
      await view('Security')
      await frame.getByRole('button', { name: 'Done' }).click()
      expect((await waitForResult(page, 'security')).ok).toBe(true)
      expect(browser.pageErrors()).toEqual([])
      await page.close()
    })

    test('behavior: a recovery phrase imported in the frame becomes the wallet at its own address and signs', async () => {
      const phrase = generateMnemonic(wordlist)
      const expected = mnemonicToAccount(phrase)
      const { page, email } = await login('matrix-import')
      await startScreen(page, 'import', 'IMPORT_WALLET')
      const frame = frameOf(page)
      await expect.poll(() => frame.locator('[data-view="ImportWallet"]').count(), wait).toBe(1)
      await frame.getByLabel('Recovery phrase or private key').fill(phrase)
      await frame.getByLabel('Recovery password', { exact: true }).fill(password)
      await frame.getByLabel('Type it again', { exact: true }).fill(password)
      await frame.getByRole('button', { name: 'Import wallet' }).click()
      expect(await waitForResult(page, 'import')).toEqual({
        ok: true,
        value: { address: expected.address },
      })
      const { id: userId } = await userOf(email)
      expect(await context().storage.wallets.findByUserId(userId)).toMatchObject({
        address: expected.address,
        custody: 'sealed',
      })
      await signs(page, expected.address, 'imported')
      expect(browser.pageErrors()).toEqual([])
      await page.close()
    })

    test('behavior: a `server` wallet is sealed at its next approval: same address, the whole key deleted, signed in the frame', async () => {
      const email = `matrix-upgrade-${setup}-${++accounts}@example.com`
      const userId = crypto.randomUUID()
      const made = createWalletRecord(context(), userId)
      expect(
        await context().storage.users.createWithWallet(
          { id: userId, email, createdAt: Date.now() },
          made,
        ),
      ).toBe(true)
      const page = await browser.newPage()
      await openHost(page, hostUrl)
      expect(await loginByEmail(page, lab.server.sink, email)).toMatchObject({
        ok: true,
        value: { address: made.address },
      })
      await signs(page, made.address, 'sealed now', async () => {
        await firstView(page).toBe('SealWallet')
        const frame = frameOf(page)
        await frame.getByLabel('Recovery password', { exact: true }).fill(password)
        await frame.getByLabel('Type it again', { exact: true }).fill(password)
        await frame.getByRole('button', { name: 'Seal wallet' }).click()
      })
      const wallet = await context().storage.wallets.findByUserId(userId)
      expect(wallet).toMatchObject({ address: made.address, custody: 'sealed', encryptedKey: '' })
      if (wallet)
        expect(() => walletAccount(context(), wallet)).toThrow(/sealed: the server cannot sign/)
      expect(browser.pageErrors()).toEqual([])
      await page.close()
    })
  })
}
