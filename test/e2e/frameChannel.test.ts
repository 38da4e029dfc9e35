import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import {
  frameMessages,
  frameOf,
  hostRequest,
  hostState,
  loginByEmail,
  openHost,
  rawToFrame,
  requestResult,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// Plan rows A8, A9 and A10 in Chromium, against the real frame page and server (frame lab):
// the frame's page replaced mid-request (iframe.src reset, navigated to another site), an
// approval whose deadline passed, and a frame the project does not allow.

/** What the in-page test code records of one of the five in-flight requests. */
type Settled = { ok: boolean; name?: string; reason?: string; message?: string; at: number }

type TestWindow = {
  lkHost: { client: { iframe?: HTMLIFrameElement; pendingCount: number; isReady: boolean } }
  a9: { settled: Settled[]; loadAt?: number }
}

const modes = [
  { mode: 'blocked', args: [] as string[], staysConnected: false },
  {
    mode: 'partitioned',
    args: ['--disable-features=TrackingProtection3pcd'],
    staysConnected: true,
  },
]

async function signedInHost(browser: TestBrowser, lab: FrameLab, email: string) {
  const page = await browser.newPage()
  await openHost(page, lab.hostUrl)
  const user = await loginByEmail(page, lab.server.sink, email)
  const { address } = (user as { value: { address: string } }).value
  return { page, address }
}

function startSign(page: Page, key: string, address: string, timeout?: number) {
  return startRequest(
    page,
    key,
    'RPC_REQUEST',
    { method: 'personal_sign', params: [`sign ${key}`, address] },
    timeout === undefined ? undefined : { timeout },
  )
}

/** Five signatures in flight (the frame shows the first, queues the rest); none settled yet. */
async function fiveInFlight(page: Page, address: string) {
  await page.evaluate((address) => {
    const w = window as unknown as TestWindow & {
      lkHost: { client: { request(type: string, payload: unknown): Promise<unknown> } }
    }
    w.a9 = { settled: [] }
    for (let index = 0; index < 5; index++)
      w.lkHost.client
        .request('RPC_REQUEST', {
          method: 'personal_sign',
          params: [`in flight ${index}`, address],
        })
        .then(
          () => w.a9.settled.push({ ok: true, at: performance.now() }),
          (error: { name: string; reason?: string; shortMessage?: string }) =>
            w.a9.settled.push({
              ok: false,
              name: error.name,
              reason: error.reason,
              message: error.shortMessage,
              at: performance.now(),
            }),
        )
  }, address)
  await waitForApproval(page)
  expect(
    await page.evaluate(() => {
      const w = window as unknown as TestWindow
      return { pending: w.lkHost.client.pendingCount, settled: w.a9.settled.length }
    }),
  ).toEqual({ pending: 5, settled: 0 })
}

/**
 * Replaces the frame's page (`src`: the host resets iframe.src; else the frame window is sent to
 * `url`), noting when the iframe's load event fires (a capturing listener runs before the
 * client's), then waits for the five requests to settle: at most 5 s, far under their 5 min.
 */
async function replaceFramePage(
  page: Page,
  how: { kind: 'src' } | { kind: 'navigate'; url: string },
) {
  await page.evaluate((how) => {
    const w = window as unknown as TestWindow
    const iframe = w.lkHost.client.iframe as HTMLIFrameElement
    iframe.addEventListener(
      'load',
      () => {
        w.a9.loadAt ??= performance.now()
      },
      { capture: true, once: true },
    )
    if (how.kind === 'src') {
      // biome-ignore lint/correctness/noSelfAssign: reassigning src reloads the iframe
      iframe.src = iframe.src
    } else (iframe.contentWindow as Window).location.href = how.url
  }, how)
  await page.waitForFunction(
    () => (window as unknown as TestWindow).a9.settled.length === 5,
    undefined,
    { timeout: 5_000 },
  )
  return page.evaluate(() => (window as unknown as TestWindow).a9)
}

function expectAllDisconnectedWithin1s(result: { settled: Settled[]; loadAt?: number }) {
  expect(result.loadAt).toBeTypeOf('number')
  expect(result.settled).toHaveLength(5)
  for (const settled of result.settled) {
    expect(settled).toMatchObject({
      ok: false,
      name: 'FrameDisconnectedError',
      reason: 'reloaded',
      message: 'The embedded wallet frame reloaded before it answered.',
    })
    expect(settled.at - (result.loadAt as number)).toBeGreaterThanOrEqual(0)
    expect(settled.at - (result.loadAt as number)).toBeLessThan(1_000)
  }
}

describe.each(modes)(
  'A9: the frame page is replaced mid-request, third-party storage $mode',
  ({ mode, args, staysConnected }) => {
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

    test('A9 iframe.src reset with 5 requests in flight: all 5 reject with FrameDisconnectedError within 1 s of load; after the re-handshake the next request succeeds', async () => {
      const { page, address } = await signedInHost(browser, lab, `a9-src-${mode}@example.com`)
      await fiveInFlight(page, address)
      expectAllDisconnectedWithin1s(await replaceFramePage(page, { kind: 'src' }))
      await page.waitForFunction(() => (window as unknown as TestWindow).lkHost.client.isReady)
      expect(await hostRequest(page, 'GET_CHAIN_ID')).toEqual({ ok: true, value: { chainId: 1 } })
      // The lost requests' screens went with the old page.
      expect(await frameOf(page).locator('.lk-approval').count()).toBe(0)
      expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
        ok: true,
        value: { isConnected: staysConnected },
      })
      if (staysConnected) {
        // The same session signs again, through the new page.
        await startSign(page, 'after', address)
        await waitForApproval(page, 2)
        const approve = frameOf(page).getByRole('button', { name: 'Approve' })
        await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
        await approve.click()
        expect((await waitForResult(page, 'after')).ok).toBe(true)
      }
      expect(browser.pageErrors()).toEqual([])
      await page.close()
    })

    test('A9 the frame navigated to another site mid-request: all 5 reject within 1 s of load; the frame is brought back and the next request succeeds', async () => {
      const { page, address } = await signedInHost(browser, lab, `a9-away-${mode}@example.com`)
      await fiveInFlight(page, address)
      const away = `${lab.evilUrl}/child`
      expectAllDisconnectedWithin1s(await replaceFramePage(page, { kind: 'navigate', url: away }))
      // A3: nothing reaches the other site: the client holds the request (no ready frame), and a
      // post at the frame's exact origin is dropped by the browser.
      await startRequest(page, 'after', 'GET_CHAIN_ID')
      await rawToFrame(page, { id: crypto.randomUUID(), type: 'GET_CHAIN_ID' }, 500)
      const other = page.frame({ url: /evil\.test/ })
      if (!other) throw new Error('The iframe did not go to the other site.')
      expect(
        await other.evaluate(() => (window as unknown as { received: unknown[] }).received),
      ).toEqual([])
      // Then the frame's own page is brought back and takes the request.
      expect(await waitForResult(page, 'after')).toEqual({ ok: true, value: { chainId: 1 } })
      expect(await frameOf(page).locator('#latchkey-frame').getAttribute('data-state')).toBe('idle')
      expect(browser.pageErrors()).toEqual([])
      expect(browser.offLoopback()).toEqual([])
      await page.close()
    })
  },
)

/** Samples the frame for `ms`: no approval screen may show the whole time. */
async function expectNoScreenFor(page: Page, ms: number) {
  const until = Date.now() + ms
  let samples = 0
  while (Date.now() < until) {
    expect(await frameOf(page).locator('.lk-approval').count()).toBe(0)
    samples++
    await page.waitForTimeout(100)
  }
  // Sampled more than once (a loaded machine takes a few hundred ms per look).
  expect(samples).toBeGreaterThan(2)
}

describe('A2, A10 and A8', () => {
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

  const timedOut = {
    ok: false,
    error: { name: 'FrameTimeoutError', message: 'Embedded wallet request timed out' },
  }

  test('A10 the deadline passes on an open approval: the caller gets FrameTimeoutError, the screen closes, the next approval shows at once', async () => {
    const { page, address } = await signedInHost(browser, lab, 'a10-open@example.com')
    await startSign(page, 'late', address, 3_000)
    await waitForApproval(page)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    expect(await waitForResult(page, 'late')).toMatchObject(timedOut)
    await expect.poll(() => frameOf(page).locator('.lk-approval').count()).toBe(0)
    expect((await hostState(page)).frameDisplay).toBe('none')
    // Not stuck behind the stale screen for the frame's own 5 minutes.
    await startSign(page, 'next', address)
    await waitForApproval(page, 2)
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
    expect((await waitForResult(page, 'next')).ok).toBe(true)
    await page.close()
  })

  test('A10 a request whose deadline passed while queued behind another approval never shows, so no late click can sign it', async () => {
    const { page, address } = await signedInHost(browser, lab, 'a10-queued@example.com')
    await startSign(page, 'first', address)
    await waitForApproval(page)
    await startSign(page, 'queued', address, 1_500)
    expect(await waitForResult(page, 'queued')).toMatchObject(timedOut)
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'first')).toMatchObject({ ok: false, error: { code: 4001 } })
    // Before: the timed-out request's screen came up next, for 5 minutes, and Approve signed it.
    await expectNoScreenFor(page, 2_000)
    expect(await frameOf(page).locator('#latchkey-frame').getAttribute('data-state')).toBe('idle')
    const approvals = (await hostState(page)).approvals.filter(
      (event) => event.type === 'APPROVAL_REQUESTED',
    )
    expect(approvals).toHaveLength(1)
    // The next request shows at once and is the one Approve signs.
    await startSign(page, 'third', address)
    await waitForApproval(page, 2)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect
      .poll(() => frameOf(page).locator('.lk-details dd').first().textContent())
      .toBe('sign third')
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
    expect((await waitForResult(page, 'third')).ok).toBe(true)
    // Exactly one signature left the frame: the third's.
    const signed = (await frameMessages(page)).filter((text) =>
      text.includes('"RPC_REQUEST_SUCCESS"'),
    )
    expect(signed).toHaveLength(1)
    await page.close()
  })

  test('A2 a second frame instance and a popup on the frame origin cannot answer the pending request', async () => {
    const { page, address } = await signedInHost(browser, lab, 'a2-source@example.com')
    await startSign(page, 'sign', address)
    const id = await waitForApproval(page)
    const before = await hostState(page)
    const src = `${lab.frameUrl}?projectId=lk-e2e&chainId=1&version=0.1.0&second=1`
    const popupOpened = page.waitForEvent('popup')
    await page.evaluate((src) => {
      const second = document.createElement('iframe')
      second.src = src
      document.body.append(second)
      window.open(`${src}&popup=1`, '_blank', 'popup')
    }, src)
    const popup = await popupOpened
    await popup.waitForLoadState()
    await expect.poll(() => page.frame({ url: /second=1$/ })?.url()).toBe(src)
    const second = page.frame({ url: /second=1$/ })
    if (!second) throw new Error('no second frame')
    const forged = { id, type: 'RPC_REQUEST_SUCCESS', payload: { result: `0x${'ab'.repeat(65)}` } }
    await second.evaluate((message) => parent.postMessage(message, '*'), forged)
    await popup.evaluate((message) => (opener as Window).postMessage(message, '*'), forged)
    await page.waitForTimeout(300)
    const after = await hostState(page)
    expect(await requestResult(page, 'sign')).toBeUndefined()
    // Both forgeries (and the second instance's own READY) were refused for their source.
    expect(
      (after.stats.rejectedSource ?? 0) - (before.stats.rejectedSource ?? 0),
    ).toBeGreaterThanOrEqual(2)
    expect({ ...after.stats, received: 0, rejectedOrigin: 0, rejectedSource: 0 }).toEqual({
      ...before.stats,
      received: 0,
      rejectedOrigin: 0,
      rejectedSource: 0,
    })
    expect(after.approvals).toEqual(before.approvals)
    await popup.close()
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'sign')).toMatchObject({ ok: false, error: { code: 4001 } })
    await page.close()
  })

  test('A8 a frame the project does not allow here fails with FrameLoadError naming the frame URL and the allowed origins', async () => {
    const page = await browser.newPage()
    const console: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') console.push(message.text())
    })
    const url = new URL(lab.hostUrl)
    url.searchParams.set('projectId', 'not-allowed-here')
    await page.goto(url.href)
    const started = Date.now()
    const outcome = await page.evaluate(() =>
      (
        window as unknown as {
          lkHost: {
            client: {
              iframe?: HTMLIFrameElement
              request(type: string): Promise<unknown>
            }
          }
        }
      ).lkHost.client
        .request('GET_CHAIN_ID')
        .then(
          () => ({ ok: true }),
          (error: Error & { reason?: string }) => ({
            name: error.name,
            reason: error.reason,
            message: error.message,
          }),
        ),
    )
    // Told within seconds of the load (the frame's CSP refuses this parent), not at the 20 s wait.
    expect(Date.now() - started).toBeLessThan(8_000)
    const src = `${lab.frameUrl}?projectId=not-allowed-here&chainId=1&version=0.1.0&enableLogger=true`
    expect(outcome).toEqual({
      name: 'FrameLoadError',
      reason: 'noReadySignal',
      message: [
        'Unable to load email login dependency',
        '',
        `Frame: ${src}`,
        "A page loaded at the frame URL but never signalled ready: check that the URL is the server's /frame page (not a 404 or 500) and that this site's origin is on the project's allowed origins.",
        '',
        'Docs: node_modules/latchkey/docs/errors.md#frame',
        'Version: latchkey@0.1.0',
      ].join('\n'),
    })
    expect(console).toContain(
      `latchkey: the embedded wallet frame did not load from ${src}. A page loaded at the frame URL but never signalled ready: check that the URL is the server's /frame page (not a 404 or 500) and that this site's origin is on the project's allowed origins.`,
    )
    await page.close()
  })
})
