import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import {
  frameOf,
  hostState,
  loginByEmail,
  openHost,
  rawToFrame,
  requestResult,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, labProjectId, startFrameLab } from './frameLab'

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

const rejected = {
  ok: false,
  error: { name: 'FrameRequestError', message: 'User rejected the request.', code: 4001 },
}

async function signedInHost(email: string, query = '') {
  const page = await browser.newPage()
  await openHost(page, `${lab.hostUrl}${query}`)
  const user = await loginByEmail(page, lab.server.sink, email)
  const { address } = (user as { value: { address: string } }).value
  return { page, address }
}

async function startSign(page: Page, key: string, address: string) {
  await startRequest(page, key, 'RPC_REQUEST', { method: 'personal_sign', params: ['hi', address] })
}

/** Watches the attacker page: messages it receives and frame assets it loads. */
async function openEvilEmbed(page: Page, projectId = labProjectId) {
  const assets: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/frame/assets/')) assets.push(request.url())
  })
  await page.goto(`${lab.evilUrl}/embed?projectId=${projectId}`)
  await page.waitForTimeout(1_500)
  const received = await page.evaluate(
    () => (window as unknown as { received: unknown[] }).received,
  )
  return { assets, received }
}

describe('B1: the frame refuses parents that are not allowed', () => {
  test('default: CSP frame-ancestors blocks the attacker: no script runs, no READY, no answer', async () => {
    const page = await browser.newPage()
    const { assets, received } = await openEvilEmbed(page)
    expect(received).toEqual([])
    expect(assets).toEqual([])
    expect(await page.frameLocator('#victim').locator('#latchkey-frame').count()).toBe(0)
    await page.close()
  })

  test('behavior: with the CSP stripped (a bad proxy), the check in code still refuses', async () => {
    const framePort = new URL(lab.frameUrl).port
    const stripCsp = (url: URL) => url.hostname === 'wallet.test' && url.pathname === '/frame'
    await browser.context.route(stripCsp, async (route) => {
      const url = new URL(route.request().url())
      const response = await fetch(`http://127.0.0.1:${framePort}${url.pathname}${url.search}`)
      const headers = Object.fromEntries(response.headers)
      delete headers['content-security-policy']
      await route.fulfill({ status: response.status, headers, body: await response.text() })
    })
    try {
      const page = await browser.newPage()
      const { assets, received } = await openEvilEmbed(page)
      // The script loaded and ran, then refused: no listener, no READY.
      expect(assets.length).toBeGreaterThan(0)
      const root = page.frameLocator('#victim').locator('#latchkey-frame')
      await expect.poll(() => root.getAttribute('data-state')).toBe('refused')
      expect(await root.getAttribute('data-reason')).toBe('origin-not-allowed')
      expect(received).toEqual([])
      await page.close()
    } finally {
      await browser.context.unroute(stripCsp)
    }
  })

  test('behavior: opened as a top-level page, the frame refuses to run', async () => {
    const page = await browser.newPage()
    await page.goto(`${lab.frameUrl}?projectId=${labProjectId}&chainId=1&version=0.1.0`)
    const root = page.locator('#latchkey-frame')
    await expect.poll(() => root.getAttribute('data-state')).toBe('refused')
    expect(await root.getAttribute('data-reason')).toBe('no-parent')
    await page.close()
  })
})

describe('A1/B2: messages from the attacker change nothing', () => {
  test('default: forged replies with the real pending id, events and approvals are ignored', async () => {
    const { page, address } = await signedInHost('forge@example.com', '&evil=1')
    await startSign(page, 'sign', address)
    const id = await waitForApproval(page)
    const before = await hostState(page)
    const attacker = page.frame({ url: /evil\.test/ })
    if (!attacker) throw new Error('no attacker frame')
    const forged = [
      { id, type: 'RPC_REQUEST_SUCCESS', payload: { result: `0x${'ab'.repeat(65)}` } },
      { id, type: 'RPC_REQUEST_ERROR', payload: { message: 'forged' } },
      { id: crypto.randomUUID(), type: 'GET_USER_SUCCESS', payload: { address, chainId: 1 } },
      { type: 'SESSION_UPDATE', payload: { token: 'forged-token-aaaaaaaaaaaa' } },
      { type: 'READY', payload: { version: '9.9.9' } },
      { type: 'APPROVAL_SETTLED', payload: { id } },
    ]
    await attacker.evaluate(
      (messages) => (window as unknown as { forge(m: unknown[]): void }).forge(messages),
      forged,
    )
    await page.waitForTimeout(300)
    const after = await hostState(page)
    expect(await requestResult(page, 'sign')).toBeUndefined()
    expect((after.stats.rejectedOrigin ?? 0) - (before.stats.rejectedOrigin ?? 0)).toBe(
      forged.length,
    )
    expect({ ...after.stats, received: 0, rejectedOrigin: 0 }).toEqual({
      ...before.stats,
      received: 0,
      rejectedOrigin: 0,
    })
    expect(after.sessionUpdates).toBe(before.sessionUpdates)
    expect(after.approvals).toEqual(before.approvals)
    expect(after.frameDisplay).toBe('block')
    // The real frame still owns the request.
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'sign')).toEqual(rejected)
    await page.close()
  })
})

describe('B3/B4: only a real click on a visible Approve button signs', () => {
  test('default: approve messages from the parent and a scripted click do not approve', async () => {
    const { page, address } = await signedInHost('no-auto@example.com')
    await startSign(page, 'one', address)
    await startSign(page, 'two', address)
    const id = await waitForApproval(page)
    // One approval at a time.
    expect((await hostState(page)).approvals).toEqual([{ type: 'APPROVAL_REQUESTED', id }])
    for (const message of [
      { id, type: 'APPROVE' },
      { id, type: 'RPC_REQUEST_SUCCESS', payload: { result: '0x' } },
      { id, type: 'APPROVAL_SETTLED', payload: { id } },
      {
        id: crypto.randomUUID(),
        type: 'RPC_REQUEST',
        payload: { method: 'personal_sign', approve: true },
      },
    ])
      await rawToFrame(page, message, 100)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled()).toBe(true)
    // A click made by script inside the frame is untrusted: ignored.
    await approve.evaluate((button: HTMLButtonElement) => button.click())
    await approve.dispatchEvent('click')
    await page.waitForTimeout(300)
    expect(await requestResult(page, 'one')).toBeUndefined()
    expect(await requestResult(page, 'two')).toBeUndefined()
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'one')).toEqual(rejected)
    await waitForApproval(page, 2)
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'two')).toEqual(rejected)
    await page.close()
  })

  test('behavior: a faded or covered frame keeps Approve disabled', async () => {
    const { page, address } = await signedInHost('clickjack@example.com')
    await startSign(page, 'sign', address)
    await waitForApproval(page)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    const iframe = page.locator('iframe[data-latchkey-frame]')
    await iframe.evaluate((element: HTMLIFrameElement) => {
      element.style.opacity = '0.1'
    })
    await page.waitForTimeout(1_200)
    expect(await approve.isDisabled()).toBe(true)
    await iframe.evaluate((element: HTMLIFrameElement) => {
      element.style.opacity = '1'
      const cover = document.createElement('div')
      cover.id = 'cover'
      cover.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:transparent;pointer-events:none'
      cover.textContent = 'win a prize'
      document.body.append(cover)
    })
    await page.waitForTimeout(1_200)
    expect(await approve.isDisabled()).toBe(true)
    await page.evaluate(() => document.getElementById('cover')?.remove())
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
    expect((await waitForResult(page, 'sign')).ok).toBe(true)
    await page.close()
  })
})

describe('SPEC §7: every request type answers', () => {
  test('default: disallowed and invalid requests get error replies, never a signature', async () => {
    const { page } = await signedInHost('rules@example.com')
    const notAllowed = await rawToFrame(page, {
      id: crypto.randomUUID(),
      type: 'RPC_REQUEST',
      payload: { method: 'eth_sign', params: [] },
    })
    expect(notAllowed).toEqual([
      expect.objectContaining({
        type: 'RPC_REQUEST_ERROR',
        payload: { message: 'Requested RPC call is not allowed', code: 4200 },
      }),
    ])
    const invalid = await rawToFrame(page, {
      id: crypto.randomUUID(),
      type: 'CONNECT_OTP',
      payload: { otp: '12' },
    })
    expect(invalid).toEqual([
      expect.objectContaining({
        type: 'CONNECT_OTP_ERROR',
        payload: {
          message: 'Invalid request: payload.otp: Expected a code of 6 digits.',
          code: -32602,
        },
      }),
    ])
    expect(await rawToFrame(page, { type: 'GET_USER' }, 200)).toEqual([])
    await page.close()
  })
})

describe('B9: the deployed frame page', () => {
  test('default: strict CSP, only same-origin hashed scripts, and no CSP violation at run time', async () => {
    const framePort = new URL(lab.frameUrl).port
    const response = await fetch(`http://127.0.0.1:${framePort}/frame?projectId=${labProjectId}`)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain('frame-ancestors http://dapp.test:*;')
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|script-src[^;]*(data:|\shttps?:)/)
    expect(csp).not.toMatch(/\s\*(\s|;|$)/)
    const html = await response.text()
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes)
    expect(scripts).toEqual([
      expect.stringMatching(
        /^ defer src="\/frame\/assets\/frame-[0-9a-f]{16}\.js" integrity="sha384-/,
      ),
    ])
    // Runs in every frame before its own scripts (CDP, not subject to the page's CSP).
    await browser.context.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { cspViolations: seen })
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      )
    })
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    await page.waitForTimeout(300)
    const frame = page.frame({ url: /wallet\.test/ })
    expect(
      await frame?.evaluate(
        () => (window as unknown as { cspViolations?: string[] }).cspViolations,
      ),
    ).toEqual([])
    await page.close()
  })
})
