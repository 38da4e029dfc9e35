import type { Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import {
  frameOf,
  hostRequest,
  hostState,
  loginByEmail,
  openHost,
  requestResult,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// Plan rows B2, B3 and B4 against the real frame (wallet.test) inside the host (dapp.test), with
// the attacker (evil.test) as a sibling iframe of the frame in the host page.

let lab: FrameLab
let browser: TestBrowser

beforeAll(async () => {
  lab = await startFrameLab()
  browser = await launchBrowser({ wallet: false, args: lab.browserArgs })
})
afterAll(async () => {
  await browser?.close()
  await lab?.close()
})

/** Every call the frame makes to the server's signing endpoint, `/v1/rpc` (not `/v1/rpc/prepare`). */
function watchSigning(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname === '/v1/rpc') calls.push(request.postData() ?? '')
  })
  return calls
}

async function signedInHost(email: string, query = '') {
  const page = await browser.newPage()
  const signing = watchSigning(page)
  await openHost(page, `${lab.hostUrl}${query}`)
  const user = await loginByEmail(page, lab.server.sink, email)
  const { address } = (user as { value: { address: string } }).value
  return { page, address, signing }
}

function attackerFrame(page: Page): Frame {
  const frame = page.frame({ url: /evil\.test/ })
  if (!frame) throw new TypeError('no attacker frame in the host page')
  return frame
}

describe('B2: app messages from the attacker origin reach the frame and change nothing', () => {
  test('behavior: sign, sign-out, switch, login and theme requests posted by a sibling are ignored', async () => {
    const { page, address, signing } = await signedInHost('b2@example.com', '&evil=1')
    const mails = lab.server.sink.mails.length
    const attacker = attackerFrame(page)
    // The attacker listens for any answer, then posts straight into the wallet frame's window.
    await attacker.evaluate(() => {
      const w = window as unknown as { answers: unknown[] }
      w.answers = []
      window.addEventListener('message', (event) => w.answers.push(event.data))
    })
    const id = () => crypto.randomUUID()
    const requests = [
      {
        id: id(),
        type: 'RPC_REQUEST',
        payload: { method: 'personal_sign', params: ['0x68', address] },
      },
      {
        id: id(),
        type: 'RPC_REQUEST',
        payload: { method: 'eth_sendTransaction', params: [{ from: address, to: address }] },
      },
      { id: id(), type: 'RPC_REQUEST', payload: { method: 'eth_accounts' } },
      { id: id(), type: 'GET_USER' },
      { id: id(), type: 'SIGN_OUT' },
      { id: id(), type: 'SIGN_OUT_EVERYWHERE' },
      { id: id(), type: 'SWITCH_NETWORK', payload: { chainId: 56 } },
      { id: id(), type: 'CONNECT_EMAIL', payload: { email: 'attacker@example.com' } },
      { id: id(), type: 'SYNC_THEME', payload: { themeMode: 'dark' } },
      { id: id(), type: 'RELOAD' },
    ]
    const before = await hostState(page)
    await attacker.evaluate((messages) => {
      for (let index = 0; index < parent.frames.length; index++) {
        const target = parent.frames[index]
        if (target === window || !target) continue
        for (const message of messages) target.postMessage(message, '*')
      }
    }, requests)
    await page.waitForTimeout(1_500)

    expect(
      await attacker.evaluate(() => (window as unknown as { answers: unknown[] }).answers),
    ).toEqual([])
    expect(signing).toEqual([])
    expect(lab.server.sink.mails.length).toBe(mails)
    const after = await hostState(page)
    expect(after.approvals).toEqual(before.approvals)
    expect(after.frameDisplay).toBe(before.frameDisplay)
    // Still signed in on the same chain: the SIGN_OUT and SWITCH_NETWORK were not heard.
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: true },
    })
    expect(await hostRequest(page, 'GET_CHAIN_ID')).toEqual({ ok: true, value: { chainId: 1 } })
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })
})

describe('B3: no message path approves', () => {
  test('behavior: 20 sign requests and approve-shaped messages in a loop give 0 signatures until a click', async () => {
    const { page, address, signing } = await signedInHost('b3-loop@example.com')
    const keys = Array.from({ length: 20 }, (_, index) => `sign-${index}`)
    for (const key of keys)
      await startRequest(page, key, 'RPC_REQUEST', {
        method: 'personal_sign',
        params: ['0x6869', address],
      })
    const first = await waitForApproval(page)
    for (let round = 0; round < 10; round++)
      await page.evaluate(
        ([id, round]) => {
          const { client } = (
            window as unknown as { lkHost: { client: { iframe?: HTMLIFrameElement } } }
          ).lkHost
          const target = client.iframe?.contentWindow
          const origin = new URL(client.iframe?.src ?? '').origin
          for (const message of [
            { id, type: 'APPROVE' },
            { id, type: 'APPROVAL_SETTLED', payload: { id } },
            { id, type: 'RPC_REQUEST_SUCCESS', payload: { result: '0x' } },
            { id, type: 'CANCEL_APPROVAL', payload: { id, approve: true } },
            {
              id: crypto.randomUUID(),
              type: 'RPC_REQUEST',
              payload: { method: 'personal_sign', approve: true, round },
            },
          ])
            target?.postMessage(message, origin)
        },
        [first, round] as const,
      )
    await page.waitForTimeout(1_500)
    expect(signing).toEqual([])
    for (const key of keys) expect(await requestResult(page, key)).toBeUndefined()
    // One real click approves exactly one request.
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
    expect((await waitForResult(page, 'sign-0')).ok).toBe(true)
    expect(signing).toHaveLength(1)
    for (const key of keys.slice(1)) expect(await requestResult(page, key)).toBeUndefined()
    await page.close()
  })
})

describe('B4: Approve waits for 500 ms of full visibility', () => {
  test('behavior: the button enables no sooner than 500 ms after the screen shows, and again after being covered', async () => {
    const { page, address, signing } = await signedInHost('b4-timing@example.com')
    const frame = page.frames().find((f) => f.url().startsWith(lab.frameUrl))
    if (!frame) throw new TypeError('no wallet frame')
    // Timestamps inside the frame: when an Approve button appears and when it enables.
    await frame.evaluate(() => {
      const log: [string, number][] = []
      Object.assign(window, { guardLog: log })
      const seen = new WeakSet<Element>()
      new MutationObserver(() => {
        for (const button of Array.from(document.querySelectorAll('button'))) {
          if (button.textContent?.trim() !== 'Approve') continue
          if (!seen.has(button)) {
            seen.add(button)
            log.push(['shown', performance.now()])
          }
          const state = button.disabled ? 'disabled' : 'enabled'
          if (log.at(-1)?.[0] !== state) log.push([state, performance.now()])
        }
      }).observe(document, { subtree: true, childList: true, attributes: true })
    })
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6869', address],
    })
    await waitForApproval(page)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    const log = () =>
      frame.evaluate(() => (window as unknown as { guardLog: [string, number][] }).guardLog)
    const first = await log()
    const shown = first.find(([event]) => event === 'shown')?.[1] ?? Number.NaN
    const enabled = first.find(([event]) => event === 'enabled')?.[1] ?? Number.NaN
    expect(enabled - shown).toBeGreaterThanOrEqual(500)

    // Covered by the host, then uncovered: disabled at once, enabled again only after 500 ms.
    await page.evaluate(() => {
      const cover = document.createElement('div')
      cover.id = 'cover'
      cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:transparent'
      document.body.append(cover)
    })
    await expect.poll(() => approve.isDisabled(), { timeout: 2_000 }).toBe(true)
    await page.evaluate(() => document.getElementById('cover')?.remove())
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    const events = await log()
    const disabledAgain = events.findLast(([event]) => event === 'disabled')?.[1] ?? Number.NaN
    const enabledAgain = events.findLast(([event]) => event === 'enabled')?.[1] ?? Number.NaN
    expect(enabledAgain - disabledAgain).toBeGreaterThanOrEqual(500)
    expect(signing).toEqual([])
    await approve.click()
    expect((await waitForResult(page, 'sign')).ok).toBe(true)
    await page.close()
  })
})
