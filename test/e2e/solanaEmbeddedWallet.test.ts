import {
  type Address,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { byTestId, modalView, waitForText, waitForView } from '../harness/page'
import { startTestServer, type TestServer } from '../harness/startTestServer'
import { SOL } from '../solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'

// Issue 13, the embedded wallet in the Solana namespace: the playground (dapp.test) with an
// embeddedWallet() connector (its frame on wallet.test, cross-site, partitioned storage) and a
// <SolanaProvider> over the litesvm RPC, which the Latchkey server also sends to. Signed in by
// email, the Ethereum ⇄ Solana switch shows the user's Solana account (the server's ed25519 key)
// with its SOL balance, and a Solana message is signed after the click in the frame.
const wait = { timeout: 20_000, interval: 100 }
const frameOf = (page: Page) => page.frameLocator('iframe[data-latchkey-frame]')
const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

async function openAccount(page: Page) {
  if ((await modalView(page)) !== 'Account') {
    await byTestId(page, 'account-button').click()
    await waitForView(page, 'Account')
  }
}

describe('embedded wallet as the Solana wallet (third-party storage partitioned)', () => {
  const playgroundUrl = inject('playgroundUrl')
  let solana: SolanaRpc
  let server: TestServer
  let browser: TestBrowser
  let url: string
  let browserArgs: string[] = []

  beforeAll(async () => {
    solana = await startSolanaRpc({ slotMs: 50 })
    server = await startTestServer({
      allowedOrigins: { '*': ['http://dapp.test:*'] },
      chains: inject('rpcUrls'),
      solanaClusters: { localnet: solana.url },
      now: () => Date.now(),
    })
    const framePort = new URL(server.url).port
    const frameUrl = `http://wallet.test:${framePort}/frame`
    const app = new URL(playgroundUrl)
    app.hostname = 'dapp.test'
    const query = new URLSearchParams({ frame: frameUrl, solana: solana.url, solanaWallet: '0' })
    url = `${app.origin}/?${query}`
    browserArgs = [
      `--unsafely-treat-insecure-origin-as-secure=${app.origin},http://wallet.test:${framePort}`,
      '--disable-features=TrackingProtection3pcd',
    ]
  })
  // A fresh profile for each attempt: a retry must not find the first attempt's session or its
  // stored login (it then failed at sign-in, the email field gone).
  beforeEach(async () => {
    browser = await launchBrowser({ wallet: false, args: browserArgs })
  })
  afterEach(async () => {
    await browser?.close()
  })
  afterAll(async () => {
    await server?.close()
    await solana?.stop()
  })

  /** Signs in by email from the open Connect view; Account shows the email. */
  async function signInByEmail(page: Page) {
    const email = `sol-${crypto.randomUUID().slice(0, 8)}@example.com`
    const after = server.sink.mails.length
    await byTestId(page, 'email-input').fill(email)
    await byTestId(page, 'email-input-submit').click()
    await waitForView(page, 'EmailVerifyOtp')
    const otp = await server.sink.waitForCode(email, { after, timeoutMs: 15_000 })
    await byTestId(page, 'otp-digit-0').click()
    await page.keyboard.type(otp)
    await waitForView(page, 'Account')
    await waitForText(byTestId(page, 'account-email'), email)
  }

  test('default: sign in by email, switch to Solana: the embedded Solana account and its SOL; a message signed after the approval in the frame verifies', async () => {
    const page = await browser.newPage()
    await page.goto(url)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    // no email login yet: the Solana list has no email wallet
    await byTestId(page, 'solana-wallet-walletConnect').waitFor({ state: 'visible' })
    expect(await byTestId(page, 'solana-wallet-embedded').count()).toBe(0)

    await signInByEmail(page)

    // Ethereum ⇄ Solana: the email wallet's Solana account, with no prompt and no Connect view
    const evmAddress = await byTestId(page, 'account-address').getAttribute('title')
    await byTestId(page, 'namespace-solana').click()
    await expect
      .poll(() => page.evaluate(() => window.__latchkeySolana?.getState().address), wait)
      .toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const address = (await page.evaluate(
      () => window.__latchkeySolana?.getState().address,
    )) as Address
    expect(await page.evaluate(() => window.__latchkeySolana?.getState().wallet)).toBe('Email')
    await waitForView(page, 'Account')
    await waitForText(byTestId(page, 'account-address'), truncate(address))
    await waitForText(byTestId(page, 'account-balance'), '0.000 SOL')
    expect(await byTestId(page, 'namespace-solana').getAttribute('aria-pressed')).toBe('true')

    // funds arrive; after a reload the Solana account is back (silently) with its balance
    await solana.airdrop(address, 2n * SOL)
    await page.reload()
    await expect
      .poll(() => page.evaluate(() => window.__latchkeySolana?.getState()), wait)
      .toMatchObject({ status: 'connected', wallet: 'Email', address })
    await openAccount(page)
    // both namespaces connected: Ethereum shows first after a reload, Solana is one click away
    await byTestId(page, 'namespace-solana').click()
    await waitForText(byTestId(page, 'account-address'), truncate(address))
    await waitForText(byTestId(page, 'account-balance'), '2.000 SOL')
    await waitForText(byTestId(page, 'account-button'), '2.000 SOL')
    // and back to Ethereum: both stay connected
    await byTestId(page, 'namespace-eip155').click()
    await waitForText(byTestId(page, 'account-address'), (evmAddress ?? '').slice(0, 4))
    await byTestId(page, 'modal-close').click()
    await waitForView(page, undefined)

    // a script of the dapp asks for a Solana signature: the modal shows the frame's approval
    const text = 'Sign in to dapp.test on Solana'
    await page.evaluate((message) => {
      const w = window as unknown as { __signed?: Promise<string> }
      w.__signed = window.__latchkeySolana
        ?.signMessage({ message })
        .then(({ signature }) => Array.from(signature).join(','))
    }, text)
    await waitForView(page, 'ApproveTransaction')
    const frame = frameOf(page)
    await waitForText(frame.locator('.lk-title'), 'Sign message')
    await waitForText(frame.locator('dd.lk-block'), text)
    const approve = frame.getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled().catch(() => false), wait).toBe(true)
    await approve.click()
    const signature = new Uint8Array(
      (
        (await page.evaluate(
          () => (window as unknown as { __signed: Promise<string> }).__signed,
        )) as string
      )
        .split(',')
        .map(Number),
    )
    expect(
      await verifySignature(
        await getPublicKeyFromAddress(address),
        signature as SignatureBytes,
        new TextEncoder().encode(text) as never,
      ),
    ).toBe(true)

    // signing out of the embedded wallet takes its Solana account along (SPEC §4)
    await openAccount(page)
    await byTestId(page, 'disconnect').click()
    await expect
      .poll(() => page.evaluate(() => window.__latchkeySolana?.getState().status), wait)
      .toBe('disconnected')
    await page.close()
  })

  test('behavior: disconnecting the email wallet on the Solana side disconnects its Ethereum side too (SPEC §4)', async () => {
    const page = await browser.newPage()
    await page.goto(url)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await signInByEmail(page)
    await byTestId(page, 'namespace-solana').click()
    await expect
      .poll(() => page.evaluate(() => window.__latchkeySolana?.getState().wallet), wait)
      .toBe('Email')
    // Account follows the adapter's state on its next render: the Solana side is the one shown
    await expect
      .poll(() => byTestId(page, 'namespace-solana').getAttribute('aria-pressed'), wait)
      .toBe('true')
    await byTestId(page, 'disconnect').click()
    await expect
      .poll(() => page.evaluate(() => window.__latchkeySolana?.getState().status), wait)
      .toBe('disconnected')
    // wagmi's embedded connection went with it: the page offers Connect again
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    await page.close()
  })
})
