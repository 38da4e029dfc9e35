import type { Page } from 'playwright-core'
import { bytesToHex, type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import {
  frameOf,
  hostRequest,
  loginByEmail,
  openHost,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import type { FrameLab } from './frameLab'
import {
  approve,
  password,
  personalSign,
  setPassword,
  signedIn,
  startSealedLab,
  wait,
} from './sealedFrame'

// Issue 16, same-site and cross-site deployments of a sealed wallet, in one Chromium with its
// default third-party storage rules (a cross-site frame gets no storage at all):
// - same site: the dapp at app.latchkey.test embeds the wallet at wallet.latchkey.test, the
//   recommended `wallet.<your-domain>` setup (docs/production.md): the frame's storage is its
//   own, so the session and the device share survive a reload;
// - cross site: the dapp at dapp.test embeds wallet.test: the frame keeps everything in memory,
//   so after a reload the visitor signs in again and the frame asks for the recovery password
//   instead of failing.

/** The frame's storage mode as it reports it (`persistent` or `memory`). */
const storageOf = (page: Page) =>
  frameOf(page).locator('#latchkey-frame').getAttribute('data-storage', wait)

/** A personal_sign that verifies against `address`; `before` runs on the screen before the approval. */
async function signs(page: Page, address: Hex, text: string, before?: () => Promise<void>) {
  const approvals = await page.evaluate(
    () =>
      (window as unknown as { lkHost: { approvals: { type: string }[] } }).lkHost.approvals.filter(
        (event) => event.type === 'APPROVAL_REQUESTED',
      ).length,
  )
  await startRequest(page, text, 'RPC_REQUEST', {
    method: 'personal_sign',
    params: [bytesToHex(new TextEncoder().encode(text)), address],
  })
  await waitForApproval(page, approvals + 1)
  await before?.()
  await approve(page)
  const signed = await waitForResult(page, text)
  const signature = (signed as { value: { result: Hex } }).value.result
  expect(await verifyMessage({ address, message: text, signature })).toBe(true)
}

describe('sealed wallets same-site and cross-site, Chromium’s default third-party storage rules', () => {
  const rpcUrls = inject('rpcUrls')
  let lab: FrameLab
  let browser: TestBrowser
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ lab, browser, close } = await startSealedLab(rpcUrls, 'blocked'))
  })
  afterAll(async () => {
    await close?.()
  })

  test('default: same site (wallet.<your-domain>), the session and the device share survive a reload: no sign-in, no password', async () => {
    const { page, address } = await signedIn(
      browser,
      lab,
      'same-site',
      undefined,
      lab.sameSiteHostUrl,
    )
    expect(await storageOf(page)).toBe('persistent')
    expect((await personalSign(page, address, 'first', 'before the reload', true)).ok).toBe(true)
    await page.reload()
    await openHost(page, lab.sameSiteHostUrl)
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: true },
    })
    await signs(page, address, 'after the reload', async () => {
      await expect
        .poll(() => frameOf(page).locator('[data-view]').first().getAttribute('data-view'), wait)
        .toBe('ApproveTransaction')
    })
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: cross site with third-party storage blocked, a reload asks to sign in again and then for the recovery password, and the wallet signs', async () => {
    const { page, email, address } = await signedIn(browser, lab, 'cross-site')
    expect(await storageOf(page)).toBe('memory')
    expect((await personalSign(page, address, 'first', 'before the reload', true)).ok).toBe(true)
    await page.reload()
    await openHost(page, lab.hostUrl)
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: false },
    })
    expect(await loginByEmail(page, lab.server.sink, email)).toMatchObject({
      ok: true,
      value: { address },
    })
    await signs(page, address, 'after the reload', async () => {
      const frame = frameOf(page)
      await expect
        .poll(() => frame.locator('[data-view]').first().getAttribute('data-view'), wait)
        .toBe('EnterRecoveryPassword')
      await frame.getByLabel('Recovery password', { exact: true }).fill(password)
      await frame.getByRole('button', { name: 'Unlock' }).click()
    })
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: right after login the frame offers the recovery setup; once set, a lost device share is rebuilt with the password, same address', async () => {
    const { page, email, address } = await signedIn(
      browser,
      lab,
      'setup-recovery',
      undefined,
      lab.sameSiteHostUrl,
    )
    expect(await storageOf(page)).toBe('persistent')
    // What the modal asks after a login: the frame shows its screen, like an approval.
    await startRequest(page, 'setup', 'SETUP_RECOVERY', { ask: true })
    await waitForApproval(page)
    const frame = frameOf(page)
    await expect
      .poll(() => frame.locator('[data-view]').first().getAttribute('data-view'), wait)
      .toBe('SetupRecovery')
    expect(await frame.locator('#lk-recovery-title').textContent()).toBe('Protect your wallet')
    await setPassword(page)
    expect(await waitForResult(page, 'setup')).toEqual({ ok: true, value: { recovery: 'set' } })
    // Asked again, nothing shows: it is set.
    expect(await hostRequest(page, 'SETUP_RECOVERY', { ask: true })).toEqual({
      ok: true,
      value: { recovery: 'set' },
    })

    // The visitor never signed; now the frame's storage is cleared (the device share with it).
    const wallet = page
      .frames()
      .find((candidate) => candidate.url().startsWith(lab.sameSiteFrameUrl))
    await wallet?.evaluate(async () => {
      localStorage.clear()
      for (const { name } of await indexedDB.databases())
        if (name)
          await new Promise((done) => {
            const deleting = indexedDB.deleteDatabase(name)
            deleting.onsuccess = deleting.onerror = deleting.onblocked = done
          })
    })
    await page.reload()
    await openHost(page, lab.sameSiteHostUrl)
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: false },
    })
    expect(await loginByEmail(page, lab.server.sink, email)).toMatchObject({
      ok: true,
      value: { address },
    })
    await signs(page, address, 'after the storage was cleared', async () => {
      await expect
        .poll(() => frame.locator('[data-view]').first().getAttribute('data-view'), wait)
        .toBe('EnterRecoveryPassword')
      await frame.getByLabel('Recovery password', { exact: true }).fill(password)
      await frame.getByRole('button', { name: 'Unlock' }).click()
    })
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })
})
