import {
  type Address,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature,
} from '@solana/kit'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { funded, SOL } from '../solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'
import { buildSolanaTestWalletScript } from '../solana/testWallet/buildSolanaTestWallet'
import { startSolanaDappPage } from './solanaDapp/startSolanaDappPage'

// A dapp page using `latchkey/solana` and the Solana hooks of `latchkey/react` against the real
// parts: the Wallet Standard test wallet in Chromium and the litesvm RPC on loopback.
const walletName = 'Latchkey Solana Test Wallet'

let solana: SolanaRpc
let dapp: Awaited<ReturnType<typeof startSolanaDappPage>>
let walletScript: string
let browser: TestBrowser
let page: Page

beforeAll(async () => {
  ;[solana, dapp, walletScript] = await Promise.all([
    startSolanaRpc({ slotMs: 50 }),
    startSolanaDappPage(),
    buildSolanaTestWalletScript(),
  ])
})
afterAll(async () => {
  await Promise.all([solana?.stop(), dapp?.stop()])
})
beforeEach(async () => {
  browser = await launchBrowser({ wallet: false })
  await browser.context.addInitScript({
    content: `window.__latchkeySolanaTestWallet = { rpcUrl: ${JSON.stringify(solana.url)} }`,
  })
  await browser.context.addInitScript({ content: walletScript })
  page = await browser.newPage()
})
afterEach(async () => {
  const errors = browser.pageErrors()
  const off = browser.offLoopback()
  await browser.close()
  expect(errors).toEqual([])
  expect(off).toEqual([])
})

const output = (name: string) => page.getByTestId(name)
const walletAddress = () =>
  page.evaluate(() => window.__latchkeySolanaTestWalletControl?.address() ?? '')
const walletCalls = () => page.evaluate(() => window.__latchkeySolanaTestWalletControl?.calls())

test('default: connect the test wallet, see the balance, sign, send, reload and stay connected', async () => {
  const receiver = await funded(solana, SOL)
  await page.goto(`${dapp.url}?rpc=${encodeURIComponent(solana.url)}&to=${receiver.address}`)
  const address = await walletAddress()
  await solana.airdrop(address as Address, 2n * SOL)

  // Discovery lists the wallet the page registered, ready to connect.
  const walletButton = page.getByRole('button', { name: walletName })
  await expect.poll(() => walletButton.getAttribute('data-ready')).toBe('Installed')
  await expect.poll(() => output('status').textContent()).toBe('disconnected')
  await walletButton.click()
  await expect.poll(() => output('status').textContent()).toBe('connected')
  expect(await output('address').textContent()).toBe(address)
  expect(await output('wallet').textContent()).toBe(walletName)
  expect(await output('cluster').textContent()).toBe('Loopback')
  await expect.poll(() => output('balance').textContent()).toBe('2')
  await expect.poll(() => output('receiver-balance').textContent()).toBe('1')

  // A message signed in the page verifies in Node against the account's public key.
  await page.getByRole('button', { name: 'Sign message' }).click()
  await expect
    .poll(async () => (await output('signature').textContent())?.length)
    .toBeGreaterThan(2)
  const signature = new Uint8Array(JSON.parse((await output('signature').textContent()) ?? '[]'))
  const key = await getPublicKeyFromAddress(address as Address)
  const message = new TextEncoder().encode('Sign in to the dapp')
  expect(await verifySignature(key, signature as SignatureBytes, message)).toBe(true)

  // Send 0.25 SOL: both balances change on screen (fee 5000 lamports), as on the chain.
  await page.getByRole('button', { name: 'Send 0.25 SOL' }).click()
  await expect.poll(() => output('sent').textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  await expect.poll(() => output('balance').textContent()).toBe('1.749995')
  await expect.poll(() => output('receiver-balance').textContent()).toBe('1.25')
  expect(await solana.svm.getBalance(receiver.address as never)).toBe(SOL + SOL / 4n)

  // Reload: the adapter reconnects silently to the same account, with no prompt.
  await page.reload()
  await expect.poll(() => output('status').textContent()).toBe('connected')
  expect(await output('address').textContent()).toBe(address)
  await expect.poll(() => output('balance').textContent()).toBe('1.749995')
  expect(await walletCalls()).toEqual([])

  // Disconnect: no reconnect after the next reload.
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect.poll(() => output('status').textContent()).toBe('disconnected')
  await page.reload()
  await expect.poll(() => walletButton.getAttribute('data-ready')).toBe('Installed')
  expect(await output('status').textContent()).toBe('disconnected')
})

test('behavior: a first visit loads no adapter session; a remembered wallet loads it on mount and reconnects', async () => {
  const sessionScripts: string[] = []
  page.on('request', (request) => {
    if (/\/createSolanaSession-[^/]*\.js$/.test(request.url())) sessionScripts.push(request.url())
  })
  const statusOnly = `${dapp.url}?rpc=${encodeURIComponent(solana.url)}&only=status`
  const settled = () => page.waitForLoadState('networkidle')

  // Nothing remembered: the provider's reconnect on mount has nothing to restore, loads nothing.
  await page.goto(statusOnly)
  await settled()
  expect(await output('status').textContent()).toBe('disconnected')
  expect(sessionScripts).toEqual([])

  // The wallet list needs the session: connect from the full page.
  await page.goto(`${dapp.url}?rpc=${encodeURIComponent(solana.url)}`)
  const walletButton = page.getByRole('button', { name: walletName })
  await expect.poll(() => walletButton.getAttribute('data-ready')).toBe('Installed')
  expect(sessionScripts).toHaveLength(1)
  await walletButton.click()
  await expect.poll(() => output('status').textContent()).toBe('connected')

  // Remembered: the session loads on mount and reconnects silently.
  await page.goto(statusOnly)
  await expect.poll(() => output('status').textContent()).toBe('connected')
  expect(await output('address').textContent()).toBe(await walletAddress())
  expect(sessionScripts).toHaveLength(2)
  expect(await walletCalls()).toEqual([])
})
