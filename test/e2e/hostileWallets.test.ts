import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import type { TestBrowser } from '../harness/browser'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  closeModal,
  modal,
  modalView,
  openPlayground,
  testWalletRow,
  waitForView,
} from '../harness/page'

const e2e = setupE2e()

/** What an init script announces (EIP-6963 `info`), plus when. */
interface Announcement {
  uuid: string
  name: string
  icon: string
  rdns: string
  /** Announce this many ms after the `load` event instead of at document start. */
  delayAfterLoad?: number
}

/**
 * An init script (top frame only) that traps writes to `window.__pwned` and announces each wallet
 * through EIP-6963 — at document start and on every `eip6963:requestProvider`, or `delayAfterLoad`
 * ms after load. Each provider is a minimal EIP-1193 object whose `request` rejects with 4001.
 */
function hostileWalletsScript(announcements: Announcement[]): string {
  const body = (list: Announcement[]) => {
    if (window.top !== window) return
    const w = window as unknown as Record<string, unknown>
    const writes: unknown[] = []
    w.__pwnedWrites = writes
    let pwned: unknown
    Object.defineProperty(window, '__pwned', {
      configurable: false,
      get: () => pwned,
      set: (value) => {
        writes.push(value)
        pwned = value
      },
    })
    const makeProvider = () => ({
      request: async () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      },
      on: () => {},
      removeListener: () => {},
    })
    const announce = (a: Announcement, provider: unknown) => {
      const info = { uuid: a.uuid, name: a.name, icon: a.icon, rdns: a.rdns }
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({ info: Object.freeze(info), provider }),
        }),
      )
    }
    const announced: string[] = []
    w.__hostileAnnounced = announced
    for (const a of list) {
      const provider = makeProvider()
      const start = () => {
        announce(a, provider)
        announced.push(a.rdns)
        window.addEventListener('eip6963:requestProvider', () => announce(a, provider))
      }
      if (a.delayAfterLoad === undefined) start()
      else window.addEventListener('load', () => setTimeout(start, a.delayAfterLoad))
    }
  }
  return `(${body.toString()})(${JSON.stringify(announcements)})`
}

async function openWith(browser: TestBrowser, page: Page, url: string, list: Announcement[]) {
  await browser.context.addInitScript({ content: hostileWalletsScript(list) })
  await openPlayground(page, url)
}

async function openConnect(page: Page) {
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  await page.locator(testWalletRow).waitFor()
}

const pwnedState = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __pwned?: unknown; __pwnedWrites?: unknown[] }
    return { value: w.__pwned ?? null, writes: w.__pwnedWrites ?? null }
  })

const clean = { value: null, writes: [] }

const rowOf = (page: Page, rdns: string) => modal(page).locator(`[data-testid="wallet-${rdns}"]`)

const svg = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" onload="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<image href="x" onerror="window.__pwned=1" onload="window.__pwned=1"/>',
  '<rect width="32" height="32" fill="red"/>',
  '</svg>',
].join('')
const htmlName = 'Evil <img src=x onerror="window.__pwned=1">'
const png1px =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

const hostile: Announcement[] = [
  {
    uuid: '6d3b7e2a-0000-4000-8000-000000000001',
    name: 'Svg Script Wallet',
    icon: `data:image/svg+xml,${encodeURIComponent(svg)}`,
    rdns: 'test.hostile.svg',
  },
  {
    uuid: '6d3b7e2a-0000-4000-8000-000000000002',
    name: 'Js Url Wallet',
    icon: 'javascript:window.__pwned=1',
    rdns: 'test.hostile.jsurl',
  },
  {
    uuid: '6d3b7e2a-0000-4000-8000-000000000003',
    name: 'Huge Icon Wallet',
    icon: `data:image/png;base64,${'A'.repeat(300 * 1024)}`,
    rdns: 'test.hostile.huge',
  },
  {
    uuid: '6d3b7e2a-0000-4000-8000-000000000004',
    name: htmlName,
    icon: png1px,
    rdns: 'test.hostile.html',
  },
]

describe('hostile EIP-6963 announcements', () => {
  test('E3: malicious icons and an HTML name render inertly (names as text, no script runs)', async () => {
    const { page, url, browser } = e2e()
    await openWith(browser, page, url, hostile)
    await openConnect(page)

    for (const a of hostile) await rowOf(page, a.rdns).waitFor()
    expect(await rowOf(page, 'test.hostile.html').count()).toBe(1)
    // The name is literal text, not markup.
    expect(await rowOf(page, 'test.hostile.html').textContent()).toContain('<img src=x onerror=')
    expect(await rowOf(page, 'test.hostile.html').locator('img[src="x"]').count()).toBe(0)

    const inspectImages = () =>
      modal(page)
        .first()
        .evaluate((dialog) => {
          const out: { bad: string[]; handlers: string[] } = { bad: [], handlers: [] }
          for (const img of Array.from(dialog.querySelectorAll('img'))) {
            const src = img.getAttribute('src') ?? ''
            if (/^\s*javascript:/i.test(src)) out.bad.push(`javascript src: ${src.slice(0, 60)}`)
            // Icons only as data: or https: images (E3); never any other scheme.
            if (!/^(data:image\/|https:)/i.test(src)) out.bad.push(`src: ${src.slice(0, 60)}`)
            if (/^data:/i.test(src) && src.length > 128 * 1024)
              out.bad.push(`data URI of ${src.length} chars`)
          }
          for (const el of Array.from(dialog.querySelectorAll('*')))
            for (const attr of Array.from(el.attributes))
              if (/^on/i.test(attr.name)) out.handlers.push(`${el.tagName} ${attr.name}`)
          if (dialog.querySelector('script')) out.bad.push('script element in the modal')
          return out
        })
    expect(await inspectImages()).toEqual({ bad: [], handlers: [] })
    expect(await pwnedState(page)).toEqual(clean)

    // Hover every hostile row, then click each one (the provider rejects with 4001).
    for (const a of hostile) await rowOf(page, a.rdns).hover()
    await page.waitForTimeout(300)
    expect(await pwnedState(page)).toEqual(clean)
    for (const a of hostile) {
      if ((await modalView(page)) !== 'Connect') {
        await closeModal(page)
        await openConnect(page)
      }
      await rowOf(page, a.rdns).click()
      await waitForView(page, 'ConnectingExternal')
      await expect
        .poll(() => modal(page).locator('[role="alert"]').count(), { timeout: 10_000 })
        .toBeGreaterThan(0)
      expect(await inspectImages()).toEqual({ bad: [], handlers: [] })
      expect(await pwnedState(page)).toEqual(clean)
      await closeModal(page)
      await openConnect(page)
    }
    await page.waitForTimeout(300)
    expect(await inspectImages()).toEqual({ bad: [], handlers: [] })
    expect(await pwnedState(page)).toEqual(clean)
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    expect(browser.offLoopback()).toEqual([])
  })

  test('E2: two announcements with the same uuid show exactly one row', async () => {
    const { page, url, browser } = e2e()
    const uuid = '6d3b7e2a-0000-4000-8000-0000000000e2'
    const twins: Announcement[] = [
      { uuid, name: 'Twin Alpha Wallet', icon: png1px, rdns: 'test.twin.alpha' },
      { uuid, name: 'Twin Beta Wallet', icon: png1px, rdns: 'test.twin.beta' },
    ]
    await openWith(browser, page, url, twins)
    await openConnect(page)
    const twinRows = modal(page).locator('[data-lk-row]', { hasText: /Twin (Alpha|Beta) Wallet/ })
    await twinRows.first().waitFor()
    // Give any late (re-)announcement time to land before counting.
    await page.waitForTimeout(1_000)
    expect(await twinRows.count()).toBe(1)
    expect(
      (await rowOf(page, 'test.twin.alpha').count()) +
        (await rowOf(page, 'test.twin.beta').count()),
    ).toBe(1)
    expect(browser.offLoopback()).toEqual([])
  })

  test('E4: a wallet announced 3 s after load appears in the open modal without a reload', async () => {
    const { page, url, browser } = e2e()
    const late: Announcement = {
      uuid: '6d3b7e2a-0000-4000-8000-0000000000e4',
      name: 'Late Wallet',
      icon: png1px,
      rdns: 'test.late.wallet',
      delayAfterLoad: 3_000,
    }
    await openWith(browser, page, url, [late])
    const navigations: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url())
    })
    await openConnect(page)
    const announced = () =>
      page.evaluate(
        () =>
          ((window as unknown as { __hostileAnnounced: string[] }).__hostileAnnounced ?? []).length,
      )
    // Opened before the announcement (if this ever races, the check below still holds).
    if ((await announced()) === 0) expect(await rowOf(page, late.rdns).count()).toBe(0)
    await expect.poll(announced, { timeout: 10_000 }).toBe(1)
    await rowOf(page, late.rdns).waitFor({ timeout: 10_000 })
    expect(await rowOf(page, late.rdns).textContent()).toContain('Late Wallet')
    expect(await modalView(page)).toBe('Connect')
    expect(navigations).toEqual([])
    expect(browser.offLoopback()).toEqual([])
  })
})
