import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { byTestId, modal, waitForText, waitForView } from '../harness/page'
import { type SocialLab, startSocialLab } from '../harness/startSocialLab'

// Social logins that leave the page or lose their popup, from the playground's modal (dapp.test)
// through the wallet frame (wallet.test) against `oidc-provider` as Google: a popup behind a
// strict Cross-Origin-Opener-Policy (the callback goes on to the dapp's return page, which hands
// the result back over BroadcastChannel), and redirect mode (the whole page goes to the provider
// and comes back; the tab keeps the single-use secret in sessionStorage).

const wait = { timeout: 20_000, interval: 100 }
const fake = (letter: string) => letter.repeat(43)

async function openConnect(page: Page, url: string) {
  await page.goto(url)
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  await byTestId(page, 'social-google').waitFor({ state: 'visible', timeout: 20_000 })
}

async function expectAccount(page: Page, email: string) {
  await waitForView(page, 'Account')
  await waitForText(byTestId(page, 'account-social'), email)
  expect(await byTestId(page, 'account-social').getAttribute('data-provider')).toBe('google')
}

describe('social login behind a strict COOP and by redirect, third-party storage partitioned', () => {
  const playgroundUrl = inject('playgroundUrl')
  let lab: SocialLab
  let browser: TestBrowser
  let app: URL
  const url = (more: Record<string, string>) =>
    `${app.origin}/?${new URLSearchParams({ frame: lab.frameUrl, socials: '1', ...more })}`

  beforeAll(async () => {
    lab = await startSocialLab({
      allowedOrigins: { '*': ['http://dapp.test:*'] },
      chains: inject('rpcUrls'),
    })
    lab.oidc.strictCoop(true)
    app = new URL(playgroundUrl)
    app.hostname = 'dapp.test'
    browser = await launchBrowser({
      wallet: false,
      args: [
        `--unsafely-treat-insecure-origin-as-secure=${app.origin},${new URL(lab.frameUrl).origin}`,
        '--disable-features=TrackingProtection3pcd',
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
  })

  test('default: a popup the provider cuts off hands the result back through the return page; forged results are ignored', async () => {
    lab.oidc.answer({ user: 'g-alice' })
    const page = await browser.newPage()
    await openConnect(page, url({ socialReturn: '/' }))
    const opened = page.waitForEvent('popup')
    await byTestId(page, 'social-google').click()
    const popup = await opened
    await popup.waitForURL(/\/interaction\//)
    // the provider's COOP cut the popup off: the page reads it closed and offers another try,
    // while the login stays completable
    await byTestId(page, 'social-retry').waitFor({ state: 'visible', timeout: 5_000 })
    await waitForText(byTestId(page, 'social-hint'), 'The Google window was closed')

    // Another site opens the dapp's return page with a result of its own, and posts one to its
    // own BroadcastChannel: neither reaches the login (another login id; another origin).
    const evil = await browser.context.newPage()
    await evil.goto(`http://evil.test:${app.port}/`)
    const forged = evil.waitForEvent('popup')
    await evil.evaluate(
      ([target, flow, result]) => {
        new BroadcastChannel('latchkey-social').postMessage({
          type: 'latchkey:social-result',
          flow,
          result,
        })
        window.open(`${target}/?latchkey-social=${flow}#latchkey-social-result=${result}`)
      },
      [app.origin, fake('F'), fake('R')],
    )
    // the return page handed the forged result on, then closed itself
    await (await forged).waitForEvent('close', { timeout: 10_000 })
    expect(await modal(page).getAttribute('data-view')).toBe('ConnectingSocial')
    expect(await byTestId(page, 'social-error').count()).toBe(0)
    expect(await page.locator('[data-social-status]').getAttribute('data-social-status')).toBe(
      'authorizing',
    )

    // the visitor picks the account: callback → return page → BroadcastChannel → Account
    await popup.locator('#account').click()
    await popup.waitForEvent('close', { timeout: 20_000 })
    await expectAccount(page, 'alice@gmail.test')
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
    await evil.close()
    await page.close()
  })

  test('default: redirect mode: the page goes to the provider and comes back signed in, the URL and the tab clean', async () => {
    lab.oidc.answer({ user: 'g-bob' })
    // the provider's own sign-in of the test before (its cookie) would skip the account chooser
    await browser.context.clearCookies()
    const page = await browser.newPage()
    const start = url({ socialMode: 'redirect' })
    await openConnect(page, start)
    await byTestId(page, 'social-google').click()
    // the whole page is at the provider (its account chooser)
    await page.waitForURL(/\/interaction\//, wait)
    await page.locator('#account').click()
    await page.waitForURL((next) => next.host === app.host, wait)
    await expectAccount(page, 'bob@gmail.test')
    // the result and the login id left the address bar; the secret left the tab
    expect(page.url()).toBe(start)
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(stored).toContain('bob@gmail.test')
    expect(stored).not.toMatch(/token|secret|verifier/i)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
    await page.close()
  })
})

describe('the Connect view inside Telegram', () => {
  const playgroundUrl = inject('playgroundUrl')
  let browser: TestBrowser

  beforeAll(async () => {
    browser = await launchBrowser({ wallet: false })
  })
  afterAll(async () => {
    await browser?.close()
  })

  test("behavior: Telegram's Android in-app browser (its user agent) drops Facebook and X (SPEC §5)", async () => {
    // a server of its own: the buttons need only its provider list
    const lab = await startSocialLab()
    try {
      const page = await browser.newPage()
      const cdp = await browser.context.newCDPSession(page)
      await cdp.send('Emulation.setUserAgentOverride', {
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 Telegram-Android/11.2.3 (Google Pixel 8; Android 14; SDK 34; HIGH)',
      })
      await openConnect(
        page,
        `${playgroundUrl}?${new URLSearchParams({ frame: lab.frameUrl, socials: '1' })}`,
      )
      const shown = () =>
        modal(page)
          .locator('[data-lk-method="social"] button')
          .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid')))
      // SPEC §9's order without x and facebook (farcaster has its own flow)
      expect(await shown()).toEqual([
        'social-google',
        'social-discord',
        'social-apple',
        'social-github',
      ])
      await page.close()
    } finally {
      await lab.close()
    }
  })
})

describe('redirect mode where the frame has no storage (third-party storage blocked)', () => {
  const playgroundUrl = inject('playgroundUrl')
  let lab: SocialLab
  let browser: TestBrowser

  beforeAll(async () => {
    lab = await startSocialLab({ allowedOrigins: { '*': ['http://dapp.test:*'] } })
    browser = await launchBrowser({
      wallet: false,
      args: [
        `--unsafely-treat-insecure-origin-as-secure=http://dapp.test:${new URL(playgroundUrl).port},${new URL(lab.frameUrl).origin}`,
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
  })

  test('behavior: the page stays and says so; Try again signs in in a popup', async () => {
    lab.oidc.answer({ user: 'g-alice' })
    const app = new URL(playgroundUrl)
    app.hostname = 'dapp.test'
    const page = await browser.newPage()
    const start = `${app.origin}/?${new URLSearchParams({ frame: lab.frameUrl, socials: '1', socialMode: 'redirect' })}`
    await openConnect(page, start)
    await byTestId(page, 'social-google').click()
    await waitForText(byTestId(page, 'social-error'), 'cannot sign in by redirect')
    expect(page.url()).toBe(start)
    const opened = page.waitForEvent('popup')
    await byTestId(page, 'social-retry').click()
    await (await opened).waitForEvent('close', { timeout: 20_000 })
    await expectAccount(page, 'alice@gmail.test')
    expect(browser.offLoopback()).toEqual([])
    await page.close()
  })
})
