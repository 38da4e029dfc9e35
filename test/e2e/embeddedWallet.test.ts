import type { Page } from 'playwright-core'
import { createPublicClient, http, verifyMessage } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { rpc, snapshot } from '../harness/anvil'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { byTestId, modalView, waitForText, waitForView } from '../harness/page'
import { startTestServer, type TestServer } from '../harness/startTestServer'

// The playground (dapp.test) with an embeddedWallet() connector whose frame is the Latchkey
// server on wallet.test: cross-site, as in production (DESIGN.md "The frame is a third-party
// iframe"). By default Chromium blocks the frame's storage; without TrackingProtection3pcd it
// is partitioned and the login survives a reload.
const modes = [
  { mode: 'blocked', args: [] as string[], staysConnected: false },
  {
    mode: 'partitioned',
    args: ['--disable-features=TrackingProtection3pcd'],
    staysConnected: true,
  },
]

const wait = { timeout: 20_000, interval: 100 }
const message = 'Hello from the Latchkey playground'
const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The embedded wallet's iframe, wherever the modal placed it. */
const frameOf = (page: Page) => page.frameLocator('iframe[data-latchkey-frame]')

async function logLines(page: Page): Promise<string[]> {
  return ((await byTestId(page, 'pg-log').textContent()) ?? '').split('\n')
}

async function waitForLog(page: Page, prefix: string): Promise<string> {
  await expect
    .poll(async () => (await logLines(page)).some((l) => l.startsWith(prefix)), wait)
    .toBe(true)
  return (await logLines(page)).find((line) => line.startsWith(prefix)) ?? ''
}

/** The frame shows its approval screen inside the modal; a real click approves it. */
async function approveInFrame(page: Page) {
  await waitForView(page, 'ApproveTransaction')
  const approve = frameOf(page).getByRole('button', { name: 'Approve' })
  // The clickjacking guard enables it after 500 ms of full visibility: proof the modal shows it.
  await expect.poll(() => approve.isEnabled().catch(() => false), wait).toBe(true)
  await approve.click()
  await waitForView(page, undefined)
  expect(await page.locator('iframe[data-latchkey-frame]').evaluate((f) => f.style.display)).toBe(
    'none',
  )
}

async function openAccount(page: Page) {
  if ((await modalView(page)) !== 'Account') {
    await byTestId(page, 'account-button').click()
    await waitForView(page, 'Account')
  }
}

describe.each(modes)(
  'embedded wallet, third-party storage $mode',
  ({ mode, args, staysConnected }) => {
    const playgroundUrl = inject('playgroundUrl')
    const rpcUrls = inject('rpcUrls')
    const rpc1 = rpcUrls[1] as string
    let server: TestServer
    let browser: TestBrowser
    let url: string
    let browserArgs: string[] = []
    let reverts: (() => Promise<void>)[] = []

    beforeAll(async () => {
      reverts = await Promise.all(Object.values(rpcUrls).map((rpcUrl) => snapshot(rpcUrl)))
      server = await startTestServer({
        allowedOrigins: { '*': ['http://dapp.test:*'] },
        chains: rpcUrls,
        now: () => Date.now(),
        rateLimits: {
          codesPerEmail: { limit: 100, windowMs: 600_000 },
          codesPerAddress: { limit: 100, windowMs: 600_000 },
          checksPerAddress: { limit: 100, windowMs: 600_000 },
        },
      })
      const framePort = new URL(server.url).port
      const frameUrl = `http://wallet.test:${framePort}/frame`
      const app = new URL(playgroundUrl)
      app.hostname = 'dapp.test'
      url = `${app.origin}/?${new URLSearchParams({ frame: frameUrl })}`
      browserArgs = [
        `--unsafely-treat-insecure-origin-as-secure=${app.origin},http://wallet.test:${framePort}`,
        ...args,
      ]
    })
    // A fresh profile for each attempt: a retry must not find the first attempt's session, its
    // stored login or its email cooldown.
    beforeEach(async () => {
      browser = await launchBrowser({ wallet: false, args: browserArgs })
    })
    afterEach(async () => {
      await browser?.close()
    })
    afterAll(async () => {
      await server?.close()
      await Promise.all(reverts.map((revert) => revert()))
    })

    test('default: email login, sign and send approved in the frame, reload, disconnect', async () => {
      const page = await browser.newPage()
      await page.goto(url)
      await byTestId(page, 'connect-button').click()
      await waitForView(page, 'Connect')

      // Email, then the code from the SMTP sink, typed into the six boxes.
      const email = `ada-${mode}@example.com`
      const after = server.sink.mails.length
      await byTestId(page, 'email-input').fill('not-an-email')
      await byTestId(page, 'email-input-submit').click()
      await waitForText(byTestId(page, 'email-input-error'), 'Enter a valid email address')
      await byTestId(page, 'email-input').fill(email)
      await byTestId(page, 'email-input-submit').click()
      await waitForView(page, 'EmailVerifyOtp')
      await waitForText(byTestId(page, 'otp-email'), email)
      const otp = await server.sink.waitForCode(email, { after, timeoutMs: 15_000 })
      await byTestId(page, 'otp-digit-0').click()
      await page.keyboard.type(otp)

      // Account with the wallet's address and the email.
      await waitForView(page, 'Account')
      await waitForText(byTestId(page, 'account-email'), email)
      const address = (await byTestId(page, 'account-address').getAttribute(
        'title',
      )) as `0x${string}`
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      await rpc(rpc1, 'anvil_setBalance', [address, '0xde0b6b3a7640000']) // 1 ETH
      await byTestId(page, 'modal-close').click()
      await waitForView(page, undefined)

      // personal_sign: the modal opens on ApproveTransaction by itself, the click is in the frame.
      await byTestId(page, 'pg-sign').click()
      await approveInFrame(page)
      const signed = await waitForLog(page, 'signed ')
      const signature = signed.slice('signed '.length) as `0x${string}`
      expect(await verifyMessage({ address, message, signature })).toBe(true)

      // 0.01 ETH to anvil account 1, broadcast by the server to chain 1.
      const client = createPublicClient({ chain: mainnet, transport: http(rpc1) })
      const before = await client.getBalance({ address: recipient })
      await byTestId(page, 'pg-send').click()
      await approveInFrame(page)
      const sent = await waitForLog(page, 'sent ')
      const hash = sent.slice('sent '.length) as `0x${string}`
      const receipt = await client.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
      expect((await client.getBalance({ address: recipient })) - before).toBe(10n ** 16n)
      await openAccount(page)
      await waitForText(byTestId(page, 'account-balance'), /^0\.98\d ETH$/)
      await byTestId(page, 'modal-close').click()
      await waitForView(page, undefined)

      // Reload: partitioned storage keeps the frame's session, blocked storage asks again.
      await page.reload()
      if (staysConnected) {
        // reconnected through the frame's IS_CONNECTED (wagmi status, as the playground shows it)
        await waitForText(byTestId(page, 'pg-status'), /^connected$/)
        await waitForText(byTestId(page, 'account-button'), address.slice(0, 4))
        await openAccount(page)
        await waitForText(byTestId(page, 'account-email'), email)
        await byTestId(page, 'disconnect').click()
        await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 20_000 })
      } else {
        await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 20_000 })
        // the frame answered 'not connected' and the cached login is gone: a clean sign-in again
        await expect
          .poll(
            () =>
              page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('embedded'))),
            wait,
          )
          .not.toContain('wagmi.latchkey.embedded.loginUsed')
        await byTestId(page, 'connect-button').click()
        await waitForView(page, 'Connect')
        await byTestId(page, 'email-input').waitFor({ state: 'visible' })
      }
      expect(browser.pageErrors()).toEqual([])
      expect(browser.offLoopback()).toEqual([])
    })
  },
)
