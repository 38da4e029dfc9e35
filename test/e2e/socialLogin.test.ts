import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { byTestId, modal, modalView, waitForText, waitForView } from '../harness/page'
import { type SocialLab, startSocialLab } from '../harness/startSocialLab'

// Social login from the playground's modal (dapp.test) through the wallet frame (wallet.test)
// against a real OpenID Connect provider (`oidc-provider`, as Google) and a GitHub-shaped OAuth
// 2.0 server, each on its own loopback port: the popup opens in the click, the provider signs the
// visitor in, its callback page hands a single-use result handle to the modal, and the frame
// redeems it with its device key. Both third-party storage modes (DESIGN.md).
const modes = [
  { mode: 'blocked', args: [] as string[] },
  { mode: 'partitioned', args: ['--disable-features=TrackingProtection3pcd'] },
]

const wait = { timeout: 20_000, interval: 100 }
const message = 'Hello from the Latchkey playground'

const frameOf = (page: Page) => page.frameLocator('iframe[data-latchkey-frame]')

async function waitForLog(page: Page, prefix: string): Promise<string> {
  const lines = async () => ((await byTestId(page, 'pg-log').textContent()) ?? '').split('\n')
  await expect.poll(async () => (await lines()).some((l) => l.startsWith(prefix)), wait).toBe(true)
  return (await lines()).find((line) => line.startsWith(prefix)) ?? ''
}

async function approveInFrame(page: Page) {
  await waitForView(page, 'ApproveTransaction')
  const approve = frameOf(page).getByRole('button', { name: 'Approve' })
  await expect.poll(() => approve.isEnabled().catch(() => false), wait).toBe(true)
  await approve.click()
  await waitForView(page, undefined)
}

async function openConnect(page: Page, url: string) {
  await page.goto(url)
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  // the buttons show once the frame said which providers the server has
  await byTestId(page, 'social-google').waitFor({ state: 'visible', timeout: 20_000 })
}

/** Clicks a provider's button; resolves with the popup the click opened. */
async function clickProvider(page: Page, testId: string) {
  const popup = page.waitForEvent('popup')
  await byTestId(page, testId).click()
  return popup
}

describe.each(modes)('social login from the modal, third-party storage $mode', ({ args }) => {
  const playgroundUrl = inject('playgroundUrl')
  let lab: SocialLab
  let browser: TestBrowser
  let url: string

  beforeAll(async () => {
    lab = await startSocialLab({
      allowedOrigins: { '*': ['http://dapp.test:*'] },
      chains: inject('rpcUrls'),
    })
    const app = new URL(playgroundUrl)
    app.hostname = 'dapp.test'
    url = `${app.origin}/?${new URLSearchParams({ frame: lab.frameUrl, socials: '1' })}`
    browser = await launchBrowser({
      wallet: false,
      args: [
        `--unsafely-treat-insecure-origin-as-secure=${app.origin},${new URL(lab.frameUrl).origin}`,
        ...args,
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
  })

  test('default: Google (OIDC) by popup lands on Account with the username; personal_sign verifies', async () => {
    lab.oidc.answer({ user: 'g-alice' })
    const page = await browser.newPage()
    const frameLoads: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(lab.frameUrl)) frameLoads.push(request.url())
    })
    await openConnect(page, url)
    // SPEC §9 order of the providers the server has: the first wide, the rest as icons
    await expect
      .poll(() =>
        modal(page)
          .locator('[data-lk-method="social"] button')
          .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-testid'))),
      )
      .toEqual(['social-google', 'social-x', 'social-discord', 'social-apple', 'social-more'])
    await waitForText(byTestId(page, 'social-google'), 'Continue with Google')
    // the buttons came from the server over HTTP: a visitor who only looks loads no frame
    expect(frameLoads).toEqual([])
    expect(await page.locator('iframe[data-latchkey-frame]').count()).toBe(0)

    const popup = await clickProvider(page, 'social-google')
    await waitForView(page, 'ConnectingSocial')
    // the callback page closes itself once it handed the result on
    await popup.waitForEvent('close', { timeout: 20_000 })
    await waitForView(page, 'Account')
    await waitForText(byTestId(page, 'account-social'), 'alice@gmail.test')
    expect(await byTestId(page, 'account-social').getAttribute('data-provider')).toBe('google')
    const address = (await byTestId(page, 'account-address').getAttribute('title')) as `0x${string}`
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await byTestId(page, 'modal-close').click()
    await waitForView(page, undefined)

    await byTestId(page, 'pg-sign').click()
    await approveInFrame(page)
    const signed = await waitForLog(page, 'signed ')
    const signature = signed.slice('signed '.length) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    // nothing secret on the host: no token, code or verifier in its storage
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(stored).toContain('alice@gmail.test')
    expect(stored).not.toMatch(/token|verifier|code_/i)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
    await page.close()
  })
})

describe('social login from the modal: cancel, blocked popup, closed popup', () => {
  const playgroundUrl = inject('playgroundUrl')
  let lab: SocialLab
  let browser: TestBrowser
  let url: string
  let args: string[]

  beforeAll(async () => {
    lab = await startSocialLab({ allowedOrigins: { '*': ['http://dapp.test:*'] } })
    const app = new URL(playgroundUrl)
    app.hostname = 'dapp.test'
    url = `${app.origin}/?${new URLSearchParams({ frame: lab.frameUrl, socials: '1' })}`
    args = [
      `--unsafely-treat-insecure-origin-as-secure=${app.origin},${new URL(lab.frameUrl).origin}`,
      '--disable-features=TrackingProtection3pcd',
    ]
  })
  // a fresh profile per test: a login of the test before would reconnect on load
  beforeEach(async () => {
    browser = await launchBrowser({ wallet: false, args })
  })
  afterEach(async () => {
    await browser?.close()
  })
  afterAll(async () => {
    await lab?.close()
  })

  test('behavior: the visitor declines at GitHub: Sign-in cancelled, then Try again signs in', async () => {
    lab.github.answer({ deny: true })
    const page = await browser.newPage()
    await openConnect(page, url)
    await byTestId(page, 'social-more').click()
    const popup = await clickProvider(page, 'social-github')
    await waitForView(page, 'ConnectingSocial')
    await popup.waitForEvent('close', { timeout: 20_000 })
    await waitForText(byTestId(page, 'social-status'), 'Sign-in cancelled')
    await waitForText(byTestId(page, 'social-hint'), 'You declined in the GitHub window.')
    expect(await modal(page).getAttribute('aria-labelledby')).toBeTruthy()

    lab.github.answer({ user: 4242 })
    const again = page.waitForEvent('popup')
    await byTestId(page, 'social-retry').click()
    await (await again).waitForEvent('close', { timeout: 20_000 })
    await waitForView(page, 'Account')
    await waitForText(byTestId(page, 'account-social'), 'octo-dave')
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: a popup the browser refuses shows the blocked state; Try again opens it in its own click', async () => {
    lab.oidc.answer({ user: 'g-bob' })
    const page = await browser.newPage()
    // Chromium never blocks a popup opened in a click (only in-app browsers and some settings
    // do): the page's first window.open answers null, as such a browser's does.
    await page.addInitScript(() => {
      const open = window.open.bind(window)
      let refused = false
      window.open = (...parameters) => {
        if (refused) return open(...parameters)
        refused = true
        return null
      }
    })
    await openConnect(page, url)
    await byTestId(page, 'social-google').click()
    await waitForView(page, 'ConnectingSocial')
    await waitForText(byTestId(page, 'social-status'), 'Your browser blocked the Google window')
    const popup = page.waitForEvent('popup')
    await byTestId(page, 'social-retry').click()
    await (await popup).waitForEvent('close', { timeout: 20_000 })
    await waitForView(page, 'Account')
    await waitForText(byTestId(page, 'account-social'), 'bob@gmail.test')
    await page.close()
  })

  test('behavior: the visitor closes the popup: Try again shows within a second; back on Connect ends the login', async () => {
    const page = await browser.newPage()
    await openConnect(page, url)
    // the visitor has not decided yet: the popup stays on GitHub's authorization page
    lab.github.answer({ wait: true })
    await byTestId(page, 'social-more').click()
    const popup = await clickProvider(page, 'social-github')
    await waitForView(page, 'ConnectingSocial')
    await waitForText(byTestId(page, 'social-hint'), 'Continue in the GitHub window')
    await popup.waitForURL(/\/login\/oauth\/authorize/)
    await waitForText(byTestId(page, 'social-status'), 'Log in with GitHub')
    await popup.close()
    const closedAt = Date.now()
    await byTestId(page, 'social-retry').waitFor({ state: 'visible', timeout: 5_000 })
    expect(Date.now() - closedAt).toBeLessThan(1_500)
    await waitForText(byTestId(page, 'social-hint'), 'The GitHub window was closed')
    await byTestId(page, 'modal-back').click()
    await waitForView(page, 'Connect')
    expect(await modalView(page)).toBe('Connect')
    await page.close()
  })

  test('behavior: one wallet, two ways in: Google refused for an email account until the code; Google linked in the frame; Google then opens that wallet; the last way in cannot go', async () => {
    const email = 'carol@gmail.test'
    const page = await browser.newPage()
    const signInByCode = async (start: () => Promise<void>) => {
      const after = lab.server.sink.mails.length
      await start()
      await waitForView(page, 'EmailVerifyOtp')
      const otp = await lab.server.sink.waitForCode(email, { after, timeoutMs: 15_000 })
      await byTestId(page, 'otp-digit-0').click()
      await page.keyboard.type(otp)
      await waitForView(page, 'Account')
      return String(await byTestId(page, 'account-address').getAttribute('title'))
    }
    const signOut = async () => {
      await byTestId(page, 'disconnect').click()
      await waitForView(page, undefined)
      await byTestId(page, 'connect-button').click()
      await waitForView(page, 'Connect')
    }
    await openConnect(page, url)
    const wallet = await signInByCode(async () => {
      await byTestId(page, 'email-input').fill(email)
      await byTestId(page, 'email-input-submit').click()
    })
    await signOut()

    // Google's verified email has a wallet already: never merged; the modal says what to do
    lab.oidc.answer({ user: 'g-carol' })
    await (await clickProvider(page, 'social-google')).waitForEvent('close', { timeout: 20_000 })
    await waitForText(
      byTestId(page, 'social-error'),
      'Sign in with a code sent to that email first',
    )
    await waitForText(byTestId(page, 'social-error'), 'then link Google from Account')
    expect(await signInByCode(() => byTestId(page, 'social-use-email').click())).toBe(wallet)

    // Account → Ways to sign in, in the frame: the email alone cannot go; Google is linked
    await byTestId(page, 'account-logins').click()
    await waitForView(page, 'ApproveTransaction')
    const frame = frameOf(page)
    const screen = frame.locator('[data-view="Logins"]')
    await screen.waitFor({ state: 'visible', timeout: 20_000 })
    const remove = screen.locator('[data-login="email"] [data-action="unlink"]')
    expect(await remove.isDisabled()).toBe(true)
    await waitForText(screen, 'Your only way to sign in')
    lab.oidc.answer({ user: 'g-carol' })
    const popup = page.waitForEvent('popup')
    await screen.locator('[data-action="link"][data-login="google"]').click()
    await (await popup).waitForEvent('close', { timeout: 20_000 })
    await waitForText(
      screen.locator('[role="alert"]'),
      'Google (carol@gmail.test) now opens this wallet.',
    )
    expect(await screen.locator('[data-login="email"] [data-action="unlink"]').isEnabled()).toBe(
      true,
    )
    await frame.getByRole('button', { name: 'Done' }).click()
    await waitForView(page, 'Account')
    await signOut()

    lab.oidc.answer({ user: 'g-carol' })
    await (await clickProvider(page, 'social-google')).waitForEvent('close', { timeout: 20_000 })
    await waitForView(page, 'Account')
    expect(await byTestId(page, 'account-address').getAttribute('title')).toBe(wallet)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
    await page.close()
  })
})
