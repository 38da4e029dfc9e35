import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rpc } from '../harness/anvil'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import {
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

// Issue 8, items 4 (camouflage), 5 (cropping), 6 (chain switch mid-approval) and 8 (no
// IntersectionObserver v2): the guard protects the whole screen, the palette is fixed and opaque,
// the chain cannot move under an open approval, and approvals go to the wallet's popup where the
// browser cannot prove visibility (or when the host asks for it).

let lab: FrameLab
let browser: TestBrowser

beforeAll(async () => {
  lab = await startFrameLab({ chains: inject('rpcUrls') })
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

async function signedInHost(on: TestBrowser, email: string, query = '') {
  const page = await on.newPage()
  await openHost(page, `${lab.hostUrl}${query}`)
  const user = await loginByEmail(page, lab.server.sink, email)
  const { address } = (user as { value: { address: string } }).value
  return { page, address }
}

function startSign(page: Page, key: string, address: string) {
  return startRequest(page, key, 'RPC_REQUEST', {
    method: 'personal_sign',
    params: ['hi', address],
  })
}

/** Samples the button for `ms`: it must stay disabled the whole time (well over the 500 ms wait). */
async function expectStaysDisabled(button: Locator, ms = 1_500) {
  const until = Date.now() + ms
  let samples = 0
  while (Date.now() < until) {
    expect(await button.isDisabled(), `enabled at sample ${samples}`).toBe(true)
    samples++
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  expect(samples).toBeGreaterThan(5)
}

const iframeOf = (page: Page) => page.locator('iframe[data-latchkey-frame]')

/** Computed colours inside the frame: the screen, html, body and the Approve button. */
function frameColours(page: Page) {
  return frameOf(page)
    .locator('.lk-approval')
    .evaluate((screen) => {
      const read = (element: Element) => getComputedStyle(element).backgroundColor
      const approve = screen.querySelector('.lk-approve') as Element
      return {
        screen: read(screen),
        html: read(document.documentElement),
        body: read(document.body),
        approve: read(approve),
        text: getComputedStyle(screen).color,
        theme: document.documentElement.dataset.theme,
      }
    })
}

/** Whether a computed colour is fully opaque (`rgb(…)`, or `rgba(…, 1)`). */
function isOpaque(colour: string): boolean {
  if (/^rgb\(/.test(colour)) return true
  const alpha = /^rgba\([^)]*,\s*([\d.]+)\)$/.exec(colour)?.[1]
  return alpha !== undefined && Number(alpha) === 1
}

describe('issue 8 item 4: camouflage by theme', () => {
  test('error: see-through theme colours are refused and the approval screen stays opaque', async () => {
    const { page, address } = await signedInHost(browser, 'camouflage@example.com')
    for (const colour of ['rgba(0, 0, 0, 0)', 'transparent', '#0000']) {
      const replies = await rawToFrame(page, {
        id: crypto.randomUUID(),
        type: 'SYNC_THEME',
        payload: { themeMode: 'dark', themeVariables: { background: colour, accent: colour } },
      })
      expect(replies).toEqual([expect.objectContaining({ type: 'SYNC_THEME_ERROR' })])
    }
    await startSign(page, 'sign', address)
    await waitForApproval(page)
    const colours = await frameColours(page)
    for (const part of ['screen', 'html', 'body', 'approve'] as const)
      expect(isOpaque(colours[part]), `${part}: ${colours[part]}`).toBe(true)
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'sign')).toEqual(rejected)
    await page.close()
  })

  test('behavior: SYNC_THEME during an approval changes nothing on the screen', async () => {
    const { page, address } = await signedInHost(browser, 'theme-lock@example.com')
    expect(
      await hostRequest(page, 'SYNC_THEME', {
        themeMode: 'dark',
        themeVariables: { accent: '#ff0066', background: '#101010' },
      }),
    ).toEqual({ ok: true })
    await startSign(page, 'sign', address)
    await waitForApproval(page)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    const before = await frameColours(page)
    expect(before.theme).toBe('dark')
    const replies = await rawToFrame(page, {
      id: crypto.randomUUID(),
      type: 'SYNC_THEME',
      payload: {
        themeMode: 'light',
        themeVariables: { accent: '#00ff00', background: '#ffff00', fontFamily: 'cursive' },
      },
    })
    expect(replies).toEqual([
      expect.objectContaining({
        type: 'SYNC_THEME_ERROR',
        payload: { message: 'The theme cannot change while an approval is open.' },
      }),
    ])
    expect(await frameColours(page)).toEqual(before)
    // The host's colours never reach the approval screen, even before the approval.
    expect(before.approve).not.toBe('rgb(255, 0, 102)')
    expect(before.screen).not.toBe('rgb(16, 16, 16)')
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'sign')).toEqual(rejected)
    await page.close()
  })
})

type Box = { x: number; y: number; width: number; height: number }

/** A way to crop or cover the frame, and how to undo it (run in the host page). */
type Crop = {
  name: string
  apply(page: Page, button: Box, frame: Box): Promise<unknown>
  undo(page: Page): Promise<unknown>
}

const restoreIframe = (page: Page) =>
  page.evaluate(() => {
    document.documentElement.style.overflow = ''
    document.body.style.cssText = ''
    document.body.scrollTop = 0
    document.getElementById('lk-cover')?.remove()
    const iframe = document.querySelector('iframe[data-latchkey-frame]') as HTMLIFrameElement
    Object.assign(iframe.style, {
      position: 'fixed',
      left: '40px',
      top: '40px',
      width: '360px',
      height: '520px',
      clipPath: '',
    })
  })

const crops: Crop[] = [
  {
    name: 'an ancestor with overflow:hidden clips the iframe to the Approve button',
    apply: (page, button) =>
      page.evaluate((button) => {
        const pad = 4
        // contain:paint makes the body the iframe's containing block, so its overflow clips it.
        document.body.style.cssText = `margin:0;position:fixed;left:${button.x - pad}px;top:${button.y - pad}px;width:${button.width + 2 * pad}px;height:${button.height + 2 * pad}px;overflow:hidden;contain:paint`
        const iframe = document.querySelector('iframe[data-latchkey-frame]') as HTMLIFrameElement
        iframe.style.left = `${40 - button.x + pad}px`
        iframe.style.top = `${40 - button.y + pad}px`
      }, button),
    undo: restoreIframe,
  },
  {
    name: 'clip-path on the iframe leaves only the Approve button',
    apply: (page, button, frame) =>
      page.evaluate(
        ([button, frame]) => {
          const iframe = document.querySelector('iframe[data-latchkey-frame]') as HTMLIFrameElement
          const top = button.y - frame.y - 4
          const left = button.x - frame.x - 4
          const bottom = frame.y + frame.height - (button.y + button.height) - 4
          const right = frame.x + frame.width - (button.x + button.width) - 4
          iframe.style.clipPath = `inset(${top}px ${right}px ${bottom}px ${left}px)`
        },
        [button, frame] as const,
      ),
    undo: restoreIframe,
  },
  {
    name: 'a small scroll box shows only the Approve button',
    apply: (page, button, frame) =>
      page.evaluate(
        ([button, frame]) => {
          // With html's overflow set, the body's own overflow applies to it (not the viewport).
          document.documentElement.style.overflow = 'hidden'
          document.body.style.cssText =
            'margin:0;position:fixed;left:40px;top:40px;width:380px;height:90px;overflow:auto'
          const iframe = document.querySelector('iframe[data-latchkey-frame]') as HTMLIFrameElement
          Object.assign(iframe.style, { position: 'absolute', left: '0px', top: '0px' })
          document.body.scrollTop = button.y - frame.y - 20
        },
        [button, frame] as const,
      ),
    undo: restoreIframe,
  },
  {
    name: 'the iframe is partly off-screen, only its bottom with the buttons on it',
    apply: (page, button, frame) =>
      page.evaluate(
        ([button, frame]) => {
          const iframe = document.querySelector('iframe[data-latchkey-frame]') as HTMLIFrameElement
          iframe.style.top = `${-(button.y - frame.y - 30)}px`
        },
        [button, frame] as const,
      ),
    undo: restoreIframe,
  },
  {
    name: 'a host element laid over the title',
    apply: (page, _button, frame) =>
      page.evaluate((frame) => {
        const cover = document.createElement('div')
        cover.id = 'lk-cover'
        cover.textContent = 'Claim your reward'
        cover.style.cssText = `position:fixed;left:${frame.x}px;top:${frame.y}px;width:${frame.width}px;height:80px;background:#fff;z-index:2147483647`
        document.body.append(cover)
      }, frame),
    undo: restoreIframe,
  },
]

async function openApproval(email: string) {
  const { page, address } = await signedInHost(browser, email)
  await startSign(page, 'sign', address)
  await waitForApproval(page)
  const approve = frameOf(page).getByRole('button', { name: 'Approve' })
  await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
  const button = (await approve.boundingBox()) as Box
  const frame = (await iframeOf(page).boundingBox()) as Box
  return { page, approve, button, frame }
}

describe('issue 8 item 5: cropping keeps Approve disabled', () => {
  test.each(crops)('behavior: $name', async (crop) => {
    const { page, approve, button, frame } = await openApproval(
      `crop-${crops.indexOf(crop)}@example.com`,
    )
    await crop.apply(page, button, frame)
    // The Approve button itself is still on screen and clickable (the attack).
    const moved = (await approve.boundingBox()) as Box
    expect(moved.y).toBeGreaterThanOrEqual(0)
    expect(moved.y + moved.height).toBeLessThanOrEqual(800)
    expect(
      await approve.evaluate((element) => {
        const rect = element.getBoundingClientRect()
        return rect.height > 0 && rect.width > 0
      }),
    ).toBe(true)
    // The worst moment: a real click right after the crop, before the browser has told the frame
    // (IntersectionObserver v2 reports at most every 100 ms). It must not approve.
    await approve.click({ force: true, timeout: 1_000 }).catch(() => {})
    await expect.poll(() => approve.isDisabled(), { timeout: 1_000, interval: 20 }).toBe(true)
    await expectStaysDisabled(approve)
    await approve.click({ force: true, timeout: 1_000 }).catch(() => {})
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await requestResult(page, 'sign')).toBeUndefined()
    await crop.undo(page)
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
    expect((await waitForResult(page, 'sign')).ok).toBe(true)
    await page.close()
  })

  test('behavior: a tiny frame keeps Approve disabled and says why', async () => {
    const { page, approve } = await openApproval('tiny@example.com')
    await iframeOf(page).evaluate((iframe: HTMLIFrameElement) => {
      iframe.style.width = '240px'
      iframe.style.height = '230px'
    })
    await expectStaysDisabled(approve)
    expect(await frameOf(page).locator('.lk-guard-status').textContent()).toMatch(/too small/)
    await restoreIframe(page)
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    expect(await frameOf(page).locator('.lk-guard-status').textContent()).toBe('')
    await approve.click()
    expect((await waitForResult(page, 'sign')).ok).toBe(true)
    await page.close()
  })

  test('behavior: a frame too small for the screen offers the wallet window, which approves', async () => {
    const { page, approve } = await openApproval('tiny-popup@example.com')
    await iframeOf(page).evaluate((iframe: HTMLIFrameElement) => {
      iframe.style.width = '240px'
      iframe.style.height = '230px'
    })
    await expect.poll(() => approve.isDisabled()).toBe(true)
    const usePopup = frameOf(page).getByRole('button', { name: 'Review in a wallet window' })
    await expect.poll(() => usePopup.isVisible()).toBe(true)
    await usePopup.click()
    const popup = await openPopup(browser, page)
    const inPopup = popup.getByRole('button', { name: 'Approve' })
    await expect.poll(() => inPopup.isEnabled(), { timeout: 5_000 }).toBe(true)
    const closed = popup.waitForEvent('close')
    await closedByAction(inPopup.click())
    await closed
    expect((await waitForResult(page, 'sign')).ok).toBe(true)
    await page.close()
  })

  test('default: long content scrolls inside the details box; the whole screen fits the frame', async () => {
    const { page, address } = await signedInHost(browser, 'long@example.com')
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [`${'A long line of text. '.repeat(60)}\n`.repeat(8), address],
    })
    await waitForApproval(page)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    const layout = await frameOf(page)
      .locator('.lk-approval')
      .evaluate((screen) => {
        const details = screen.querySelector('.lk-details') as HTMLElement
        return {
          screen: screen.getBoundingClientRect().height,
          viewport: window.innerHeight,
          pageScrolls: document.scrollingElement
            ? document.scrollingElement.scrollHeight > window.innerHeight
            : false,
          detailsScroll: details.scrollHeight > details.clientHeight,
        }
      })
    expect(layout).toEqual({
      screen: layout.viewport,
      viewport: layout.viewport,
      pageScrolls: false,
      detailsScroll: true,
    })
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'sign')).toEqual(rejected)
    await page.close()
  })
})

describe('issue 8 item 6: the chain cannot move under an open approval', () => {
  test('behavior: SWITCH_NETWORK cancels the open and queued approvals with 4001; nothing is signed', async () => {
    const { page, address } = await signedInHost(browser, 'switch@example.com')
    // The send is priced by the server before its screen shows: the account needs funds.
    await rpc(inject('rpcUrls')[1] as string, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const rpcCalls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/rpc') rpcCalls.push(request.url())
    })
    await startRequest(page, 'send', 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: address, value: '0x1' }],
    })
    await startSign(page, 'queued', address)
    const id = await waitForApproval(page)
    expect(await hostRequest(page, 'SWITCH_NETWORK', { chainId: 56 })).toEqual({
      ok: true,
      value: { chainId: 56 },
    })
    await expect.poll(() => requestResult(page, 'send'), { timeout: 3_000 }).toEqual(rejected)
    await expect.poll(() => requestResult(page, 'queued'), { timeout: 3_000 }).toEqual(rejected)
    const { approvals } = await hostState(page)
    expect(approvals).toEqual([
      { type: 'APPROVAL_REQUESTED', id },
      { type: 'APPROVAL_SETTLED', id },
    ])
    expect(await frameOf(page).locator('.lk-approval').count()).toBe(0)
    await page.waitForTimeout(300)
    expect(rpcCalls).toEqual([])
    // The same chain again moves nothing, so it cancels nothing.
    await startSign(page, 'kept', address)
    await waitForApproval(page, 2)
    expect(await hostRequest(page, 'SWITCH_NETWORK', { chainId: 56 })).toEqual({
      ok: true,
      value: { chainId: 56 },
    })
    expect(await requestResult(page, 'kept')).toBeUndefined()
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'kept')).toEqual(rejected)
    await page.close()
  })
})

/**
 * Awaits an input action in the popup that approves or rejects. The popup closes itself on the
 * decision, often before Playwright hears back from the click or key (it then reports the page
 * closed, which is what the test expects); any other failure still fails the test.
 */
async function closedByAction(action: Promise<unknown>) {
  await action.catch((error: Error) => {
    if (!/has been closed|Target closed/.test(error.message)) throw error
  })
}

/** Opens the wallet's popup from the frame's "Review in wallet" button. */
async function openPopup(on: TestBrowser, page: Page) {
  const frame = frameOf(page)
  await expect.poll(() => frame.locator('[data-view="ApproveInPopup"]').count()).toBe(1)
  // No Approve button in the frame: only the popup can approve.
  expect(await frame.getByRole('button', { name: 'Approve' }).count()).toBe(0)
  const [popup] = await Promise.all([
    on.context.waitForEvent('page'),
    frame.getByRole('button', { name: 'Review in wallet' }).click(),
  ])
  await popup.waitForLoadState()
  expect(new URL(popup.url()).origin).toBe(new URL(lab.frameUrl).origin)
  await expect
    .poll(() => frame.locator('.lk-text').textContent())
    .toBe('Waiting for your decision in the wallet window.')
  await expect
    .poll(async () => (await hostState(page)).approvals.some((event) => event.popup === 'open'))
    .toBe(true)
  return popup
}

// The popup is first-party and the frame is not: nothing may depend on shared storage, whether
// the frame's storage is blocked (Chromium's default) or partitioned.
const storageModes = [
  { mode: 'blocked', args: [] as string[] },
  { mode: 'partitioned', args: ['--disable-features=TrackingProtection3pcd'] },
]

describe.each(storageModes)(
  'issue 8 item 8: without IntersectionObserver v2, approvals go to the popup (storage $mode)',
  ({ mode, args }) => {
    let noV2: TestBrowser
    // A new address for each attempt: a retried test must not wait out the first one's mail cooldown.
    const email = (name: string) => `${name}-${mode}-${crypto.randomUUID().slice(0, 8)}@example.com`

    beforeAll(async () => {
      noV2 = await launchBrowser({ wallet: false, args: [...lab.browserArgs, ...args] })
      // Firefox and Safari: no `isVisible` (the init script runs in every frame, before its scripts).
      await noV2.context.addInitScript(() => {
        if (typeof IntersectionObserverEntry !== 'undefined')
          delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
      })
    })
    afterAll(() => noV2?.close())

    test('default: a frame at 2 % opacity has no Approve; the popup approves by mouse and closes', async () => {
      const { page, address } = await signedInHost(noV2, email('popup-mouse'))
      await startSign(page, 'sign', address)
      await waitForApproval(page)
      await iframeOf(page).evaluate((iframe: HTMLIFrameElement) => {
        iframe.style.opacity = '0.02'
      })
      const popup = await openPopup(noV2, page)
      expect(await popup.locator('.lk-title').textContent()).toBe('Sign message')
      expect(await popup.locator('.lk-details').textContent()).toContain('hi')
      expect(await popup.locator('.lk-origin-url').textContent()).toBe(new URL(lab.hostUrl).origin)
      const approve = popup.getByRole('button', { name: 'Approve' })
      await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
      const closed = popup.waitForEvent('close')
      await closedByAction(approve.click())
      await closed
      const result = await waitForResult(page, 'sign')
      expect(result).toEqual({
        ok: true,
        value: { result: expect.stringMatching(/^0x[0-9a-f]{130}$/) },
      })
      await page.close()
    })

    test('behavior: the popup approves by keyboard (focus + Enter)', async () => {
      const { page, address } = await signedInHost(noV2, email('popup-keys'))
      await startSign(page, 'sign', address)
      await waitForApproval(page)
      const popup = await openPopup(noV2, page)
      const approve = popup.getByRole('button', { name: 'Approve' })
      await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
      const closed = popup.waitForEvent('close')
      await approve.focus()
      // Enter clicks on keydown: the popup approves and closes before any keyup, often before
      // Playwright hears back from the keydown (then it reports the page closed: expected here).
      await closedByAction(popup.keyboard.down('Enter'))
      await closed
      expect((await waitForResult(page, 'sign')).ok).toBe(true)
      await page.close()
    })

    test('behavior: Reject in the popup (keyboard) rejects with 4001 and closes it', async () => {
      const { page, address } = await signedInHost(noV2, email('popup-reject'))
      await startSign(page, 'sign', address)
      await waitForApproval(page)
      const popup = await openPopup(noV2, page)
      const closed = popup.waitForEvent('close')
      await popup.getByRole('button', { name: 'Reject' }).focus()
      // Space clicks on keyup: the popup rejects and closes, sometimes before Playwright hears
      // back from the keyup (then it reports the page closed: expected here).
      await closedByAction(popup.keyboard.press('Space'))
      await closed
      expect(await waitForResult(page, 'sign')).toEqual(rejected)
      await page.close()
    })

    test('behavior: closing the popup without a decision rejects with 4001', async () => {
      const { page, address } = await signedInHost(noV2, email('popup-close'))
      await startSign(page, 'sign', address)
      await waitForApproval(page)
      const popup = await openPopup(noV2, page)
      await popup.close()
      await expect.poll(() => requestResult(page, 'sign'), { timeout: 3_000 }).toEqual(rejected)
      expect(await frameOf(page).locator('.lk-approval').count()).toBe(0)
      await page.close()
    })

    test('behavior: a script on the host cannot decide for the popup', async () => {
      const { page, address } = await signedInHost(noV2, email('popup-forge'))
      await startSign(page, 'sign', address)
      await waitForApproval(page)
      const popup = await openPopup(noV2, page)
      // What a host script can do: post decisions to the frame (from the wrong origin and window).
      await page.evaluate(() => {
        const iframe = document.querySelector('iframe[data-latchkey-frame]') as HTMLIFrameElement
        const nonce = crypto.randomUUID()
        for (const approved of [true, true])
          iframe.contentWindow?.postMessage(
            { type: 'LK_POPUP_DECISION', payload: { nonce, approved } },
            '*',
          )
      })
      await page.waitForTimeout(500)
      expect(await requestResult(page, 'sign')).toBeUndefined()
      await popup.getByRole('button', { name: 'Reject' }).click()
      expect(await waitForResult(page, 'sign')).toEqual(rejected)
      await page.close()
    })
  },
)

describe('issue 8: the host opts in to popup approvals', () => {
  test('default: approvals=popup sends the approval to the popup even with IntersectionObserver v2', async () => {
    const { page, address } = await signedInHost(
      browser,
      'popup-optin@example.com',
      '&approvals=popup',
    )
    expect(await iframeOf(page).getAttribute('src')).toContain('approvals=popup')
    const policyErrors: string[] = []
    const onConsole = (message: { text(): string }) => {
      if (message.text().includes('Permissions-Policy')) policyErrors.push(message.text())
    }
    browser.context.on('console', onConsole)
    await startSign(page, 'sign', address)
    await waitForApproval(page)
    const popup = await openPopup(browser, page)
    const approve = popup.getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    const closed = popup.waitForEvent('close')
    await closedByAction(approve.click())
    await closed
    expect((await waitForResult(page, 'sign')).ok).toBe(true)
    browser.context.off('console', onConsole)
    // The frame's and the popup's Permissions-Policy name only features Chromium knows.
    expect(policyErrors).toEqual([])
    await page.close()
  })
})

describe('issue 8: an approval the app gave up on closes in the frame and the popup', () => {
  const abortPending = (page: Page) =>
    page.evaluate(() =>
      (
        window as unknown as { lkHost: { client: { abortPending(): number } } }
      ).lkHost.client.abortPending(),
    )

  test('behavior: an abort closes the frame’s screen; the next approval shows at once', async () => {
    const { page, address } = await signedInHost(browser, 'abort-frame@example.com')
    await startSign(page, 'first', address)
    await waitForApproval(page)
    expect(await abortPending(page)).toBe(1)
    expect(await waitForResult(page, 'first')).toMatchObject({
      ok: false,
      error: { message: 'Request was aborted' },
    })
    await expect.poll(() => frameOf(page).locator('.lk-approval').count()).toBe(0)
    // Not queued behind a stale screen for its 5 minutes.
    await startSign(page, 'second', address)
    await waitForApproval(page, 2)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true)
    await approve.click()
    expect((await waitForResult(page, 'second')).ok).toBe(true)
    await page.close()
  })

  test('behavior: an abort closes the open popup, so it can never approve later', async () => {
    const { page, address } = await signedInHost(
      browser,
      'abort-popup@example.com',
      '&approvals=popup',
    )
    await startSign(page, 'sign', address)
    await waitForApproval(page)
    const popup = await openPopup(browser, page)
    const closed = popup.waitForEvent('close')
    expect(await abortPending(page)).toBe(1)
    await closed
    await expect.poll(() => frameOf(page).locator('.lk-approval').count()).toBe(0)
    expect(await waitForResult(page, 'sign')).toMatchObject({
      ok: false,
      error: { message: 'Request was aborted' },
    })
    await page.close()
  })
})
