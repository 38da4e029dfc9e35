import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import {
  dumpHostStorage,
  frameOf,
  hostRequest,
  hostState,
  issuedToken,
  loginByEmail,
  openHost,
  requestResult,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// DESIGN.md "The frame is a third-party iframe": dapp.test frames wallet.test, so the frame is
// cross-site. By default Chromium blocks its storage; without TrackingProtection3pcd it is partitioned.
const modes = [
  { mode: 'blocked', args: [] as string[], storage: 'memory', staysConnected: false },
  {
    mode: 'partitioned',
    args: ['--disable-features=TrackingProtection3pcd'],
    storage: 'persistent',
    staysConnected: true,
  },
]

describe.each(modes)('frame, third-party storage $mode', ({ args, storage, staysConnected }) => {
  let lab: FrameLab
  let browser: TestBrowser

  beforeAll(async () => {
    lab = await startFrameLab()
    browser = await launchBrowser({ wallet: false, args: [...lab.browserArgs, ...args] })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
  })

  test('default: email login, personal_sign approved by a click in the frame, signature verifies', async () => {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    expect(await frameOf(page).locator('#latchkey-frame').getAttribute('data-storage')).toBe(
      storage,
    )
    const email = `sign-${storage}@example.com`
    const user = await loginByEmail(page, lab.server.sink, email)
    expect(user.ok).toBe(true)
    const { address } = (user as { value: { address: `0x${string}`; email: string } }).value
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // Issue 8: the frame no longer posts its token to the host (was 1 SESSION_UPDATE).
    expect((await hostState(page)).sessionUpdates).toBe(0)

    const message = 'Sign in to dapp.test\nnonce 42'
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [message, address],
    })
    const id = await waitForApproval(page)
    const frame = frameOf(page)
    const approve = frame.getByRole('button', { name: 'Approve' })
    // Clickjacking guard: disabled when it appears, enabled after 500 ms of being visible.
    expect(await approve.isDisabled()).toBe(true)
    await expect.poll(() => frame.locator('.lk-details dd').first().textContent()).toBe(message)
    expect(await frame.locator('.lk-origin').textContent()).toContain('http://dapp.test:')
    expect(await requestResult(page, 'sign')).toBeUndefined()
    await approve.click()
    const signed = await waitForResult(page, 'sign')
    expect(signed.ok).toBe(true)
    const signature = (signed as { value: { result: `0x${string}` } }).value.result
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    const { approvals, frameDisplay } = await hostState(page)
    expect(approvals).toEqual([
      { type: 'APPROVAL_REQUESTED', id },
      { type: 'APPROVAL_SETTLED', id },
    ])
    expect(frameDisplay).toBe('none')

    // Nothing secret on the host origin: no session token, no private key.
    const token = issuedToken(page)
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/)
    const dump = await dumpHostStorage(page)
    expect(dump).not.toContain(token)
    expect(dump).not.toMatch(/[0-9a-fA-F]{64}/)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: Reject answers 4001 and signs nothing', async () => {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const user = await loginByEmail(page, lab.server.sink, `reject-${storage}@example.com`)
    const { address } = (user as { value: { address: string } }).value
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })
    await waitForApproval(page)
    // Hex that is UTF-8 text is shown as text.
    await expect
      .poll(() => frameOf(page).locator('.lk-details dd').first().textContent())
      .toBe('hello')
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'sign')).toEqual({
      ok: false,
      error: { name: 'FrameRequestError', message: 'User rejected the request.', code: 4001 },
    })
  })

  test(`behavior: after a reload the frame is ${staysConnected ? 'still connected' : 'signed out (sign in again)'}`, async () => {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const email = `reload-${storage}@example.com`
    const before = await loginByEmail(page, lab.server.sink, email)
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: true },
    })
    await page.reload()
    await page.waitForFunction(() =>
      Boolean(
        (window as unknown as { lkHost?: { client: { isReady: boolean } } }).lkHost?.client.isReady,
      ),
    )
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: staysConnected },
    })
    const after = await hostRequest(page, 'GET_USER', { chainId: 1 })
    if (staysConnected) expect(after).toEqual(before)
    else
      expect(after).toEqual({
        ok: false,
        error: { name: 'InvalidSessionError', message: 'Invalid session', code: 4100 },
      })
    expect(browser.pageErrors()).toEqual([])
  })
})
