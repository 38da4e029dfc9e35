import type { Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort } from '../harness/anvil'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { decodeQr } from '../harness/decodeQr'
import { inject } from '../harness/inject'
import { byTestId, modal, waitForText, waitForView } from '../harness/page'
import { type FarcasterChain, startFarcasterChain } from '../harness/startFarcasterChain'
import { type FarcasterTestRelay, startFarcasterRelay } from '../harness/startFarcasterRelay'
import { labRateLimits } from '../harness/startSocialLab'
import { startTestServer, type TestServer } from '../harness/startTestServer'

// Sign In With Farcaster from the playground's modal (dapp.test) through the wallet frame
// (wallet.test): the server opens a channel on our relay, the modal shows its URL as a QR code and
// a link, the dev Farcaster client page (the link's target) signs with @alice's known key, and the
// server checks the signature against the registries on anvil as OP Mainnet (chain 10).
const modes = [
  { mode: 'blocked', args: [] as string[] },
  { mode: 'partitioned', args: ['--disable-features=TrackingProtection3pcd'] },
]
const wait = { timeout: 20_000, interval: 100 }
const message = 'Hello from the Latchkey playground'

let chain: FarcasterChain
let relay: FarcasterTestRelay
let server: TestServer
let url: string
let origins: string

beforeAll(async () => {
  ;[chain, relay] = await Promise.all([startFarcasterChain(), startFarcasterRelay()])
  const port = await freePort()
  server = await startTestServer(
    {
      now: () => Date.now(),
      rateLimits: labRateLimits,
      allowedOrigins: { '*': ['http://dapp.test:*'] },
      chains: inject('rpcUrls'),
      // one connect call waits up to 1 s: the frame asks again and again while the visitor decides
      farcaster: { relayUrl: relay.url, rpcUrl: chain.rpcUrl, pollIntervalMs: 100, waitMs: 1_000 },
    },
    { port },
  )
  const app = new URL(inject('playgroundUrl'))
  app.hostname = 'dapp.test'
  const frameUrl = `http://wallet.test:${port}/frame`
  url = `${app.origin}/?${new URLSearchParams({ frame: frameUrl, socials: '1' })}`
  origins = `${app.origin},${new URL(frameUrl).origin}`
})
afterAll(async () => {
  await server?.close()
  await relay?.close()
  await chain?.stop()
})

async function openFarcaster(page: Page) {
  await page.goto(url)
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  // the server has Farcaster on and no other provider: its button is the wide one
  const button = byTestId(page, 'social-farcaster')
  await waitForText(button, 'Continue with Farcaster')
  await button.click()
  await waitForView(page, 'ConnectingFarcaster')
  const view = modal(page).locator('[data-lk-farcaster]')
  await expect.poll(() => view.getAttribute('data-farcaster-uri'), wait).toBeTruthy()
  return String(await view.getAttribute('data-farcaster-uri'))
}

/** The module matrix of the modal's QR path (`M{x} {y}h{n}v1h-{n}z` runs, a 2-module margin). */
function readQrPath(d: string): boolean[][] {
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)/g)].map((m) => m.slice(1).map(Number))
  const size = Math.max(...runs.map(([x = 0, , n = 0]) => x + n)) - 2
  const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  for (const [x = 0, y = 0, n = 0] of runs)
    for (let i = 0; i < n; i++) (modules[y - 2] as boolean[])[x - 2 + i] = true
  return modules
}

const channelOf = (uri: string) => new URL(uri).searchParams.get('channelToken') ?? ''

describe.each(modes)('Farcaster login from the modal, third-party storage $mode', ({ args }) => {
  let browser: TestBrowser
  beforeAll(async () => {
    browser = await launchBrowser({
      wallet: false,
      args: [`--unsafely-treat-insecure-origin-as-secure=${origins}`, ...args],
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  test('default: the QR and the link carry the channel; the Farcaster client signs as @alice; Account shows Farcaster and the username; personal_sign verifies', async () => {
    const page = await browser.newPage()
    const uri = await openFarcaster(page)
    expect(new URL(uri).searchParams.get('domain')).toBe(new URL(url).host)
    await waitForText(byTestId(page, 'farcaster-status'), 'Scan with your phone')
    // the code the modal draws (Farcaster's mark sits over its middle: a phone's reader corrects
    // that, the test's reader does not, so it reads the drawn modules)
    const qr = modal(page).getByRole('img', { name: 'Farcaster sign-in QR code' })
    expect(decodeQr(readQrPath(String(await qr.locator('path').getAttribute('d'))))).toBe(uri)

    // the link opens the Farcaster client (here the dev client page) with the channel
    const opened = page.waitForEvent('popup')
    await byTestId(page, 'farcaster-open').click()
    const client = await opened
    await client.getByTestId('fc-alice-custody').click()
    await waitForText(client.getByTestId('fc-done'), 'Signed in as @alice')
    await client.close()

    await waitForView(page, 'Account')
    await waitForText(byTestId(page, 'account-social'), 'alice')
    expect(await byTestId(page, 'account-social').getAttribute('data-provider')).toBe('farcaster')
    const address = (await byTestId(page, 'account-address').getAttribute('title')) as `0x${string}`
    await byTestId(page, 'modal-close').click()
    await waitForView(page, undefined)

    await byTestId(page, 'pg-sign').click()
    await waitForView(page, 'ApproveTransaction')
    const approve = page
      .frameLocator('iframe[data-latchkey-frame]')
      .getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled().catch(() => false), wait).toBe(true)
    await approve.click()
    await waitForView(page, undefined)
    const lines = async () => ((await byTestId(page, 'pg-log').textContent()) ?? '').split('\n')
    await expect
      .poll(async () => (await lines()).some((l) => l.startsWith('signed ')), wait)
      .toBe(true)
    const signed = (await lines()).find((line) => line.startsWith('signed ')) ?? ''
    const signature = signed.slice('signed '.length) as `0x${string}`
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    // nothing secret on the host: no session token, channel token or login handle
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    expect(stored).toContain('alice')
    expect(stored).not.toContain(channelOf(uri))
    expect(stored).not.toMatch(/token/i)
    expect(browser.pageErrors()).toEqual([])
    expect(browser.offLoopback()).toEqual([])
    await page.close()
  })
})

describe('Farcaster login: leaving ConnectingFarcaster', () => {
  let browser: TestBrowser
  beforeAll(async () => {
    browser = await launchBrowser({
      wallet: false,
      args: [
        `--unsafely-treat-insecure-origin-as-secure=${origins}`,
        '--disable-features=TrackingProtection3pcd',
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
  })

  test('behavior: back on Connect the URL is dropped and the frame reloads (the wait ends); coming back opens a new channel', async () => {
    const page = await browser.newPage()
    const connects: number[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/v1/farcaster/connect')) connects.push(Date.now())
    })
    const first = await openFarcaster(page)
    // the frame waits for the signature: it asks the server again after each 1 s wait
    await expect.poll(() => connects.length, wait).toBeGreaterThan(1)
    expect(relay.statusReads(channelOf(first))).toBeGreaterThan(1)
    const reloaded = page.waitForEvent('framenavigated', {
      predicate: (frame) => frame.url().startsWith('http://wallet.test'),
    })
    await byTestId(page, 'modal-back').click()
    await waitForView(page, 'Connect')
    await expect.poll(() => modal(page).locator('[data-farcaster-uri]').count(), wait).toBe(0)
    await reloaded
    const reloadedAt = Date.now()
    // longer than one wait of the server: a frame still waiting would have asked again by now
    await page.waitForTimeout(1_500)
    expect(connects.filter((at) => at > reloadedAt)).toEqual([])

    await byTestId(page, 'social-farcaster').click()
    await waitForView(page, 'ConnectingFarcaster')
    const view = modal(page).locator('[data-lk-farcaster]')
    await expect.poll(() => view.getAttribute('data-farcaster-uri'), wait).not.toBe(first)
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })
})
