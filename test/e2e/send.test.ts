import type { Page } from 'playwright-core'
import { type Address, erc20Abi, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { transactionSign } from '../../src/account/transactionSign'
import type { Transaction } from '../../src/schemas/accountData'
import { rpc as anvilRpc, snapshot } from '../harness/anvil'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { anvilAccounts, createTokenDeployer } from '../harness/deployTokens'
import { setupE2e } from '../harness/fixtures'
import { inject } from '../harness/inject'
import {
  byTestId,
  connectTestWallet,
  modal,
  openPlayground,
  showAccountView,
  waitForText,
  waitForView,
} from '../harness/page'
import { startTestServer, type TestServer } from '../harness/startTestServer'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const receiver = (anvilAccounts[1] as (typeof anvilAccounts)[number]).address
const e2e = setupE2e()
const rpcUrl = inject('rpcUrls')[1] as string

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

/** The host opens Send with a token, as `useModal().open({ view: 'WalletSend', data })` does. */
async function openSend(
  page: Page,
  token: { address: Address; symbol: string; name: string; decimals: number },
) {
  await page.evaluate(
    (data) =>
      (
        window as unknown as {
          __latchkeyPlayground: { open(args: { view: string; data: unknown }): void }
        }
      ).__latchkeyPlayground.open({ view: 'WalletSend', data: { token: data } }),
    token,
  )
  await waitForView(page, 'WalletSend')
}

async function fillSend(page: Page, amount: string, to: string) {
  await byTestId(page, 'send-amount').fill(amount)
  await byTestId(page, 'send-receiver').fill(to)
}

/** The hash the status screen links to: the transaction the modal sent. */
async function sentHash(page: Page): Promise<`0x${string}`> {
  const href = (await byTestId(page, 'send-explorer').getAttribute('href')) ?? ''
  const hash = /\/tx\/(0x[0-9a-f]{64})$/.exec(href)?.[1]
  expect(hash).toBeTruthy()
  return hash as `0x${string}`
}

describe('Send', () => {
  test('default: ERC-20 tokens go to another account; the status waits for the receipt; both balances move', async () => {
    const { page, url, browser } = e2e()
    const tokens = createTokenDeployer(rpcUrl, 1)
    const token = await tokens.deployErc20({ name: 'Latch Token', symbol: 'LTK' })
    await tokens.mintErc20(token, account, parseUnits('1000', 18))
    const balanceOf = (owner: Address) =>
      tokens.client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })

    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    await openSend(page, { address: token, symbol: 'LTK', name: 'Latch Token', decimals: 18 })
    await waitForText(byTestId(page, 'send-token'), 'LTK')
    await waitForText(byTestId(page, 'send-balance'), 'Balance: 1000.000 LTK')

    await fillSend(page, '12.5', receiver)
    await waitForText(byTestId(page, 'send-receiver-resolved'), '0x70…dc79C8')
    const preview = byTestId(page, 'send-preview')
    await expect.poll(() => preview.isEnabled(), { timeout: 20_000 }).toBe(true)
    await preview.click()
    await waitForView(page, 'WalletSendPreview')
    await waitForText(byTestId(page, 'send-preview-amount'), '12.5 LTK')
    await waitForText(byTestId(page, 'send-preview-to'), '0x70…dc79C8')
    await waitForText(byTestId(page, 'send-fee'), / ETH$/)

    // no block is mined until the test says so: a hash alone must not read as confirmed
    await rpc('evm_setAutomine', [false])
    try {
      await byTestId(page, 'send-confirm').click()
      const status = byTestId(page, 'send-status')
      await waitForText(status, 'Waiting for confirmation')
      await page.waitForTimeout(1_500)
      expect(await status.getAttribute('data-state')).toBe('pending')
      expect(await balanceOf(receiver)).toBe(0n)
      await rpc('evm_mine')
    } finally {
      await rpc('evm_setAutomine', [true])
    }
    await waitForText(byTestId(page, 'send-status'), 'Sent')
    expect(await byTestId(page, 'send-status').getAttribute('data-state')).toBe('confirmed')
    const hash = await sentHash(page)
    const receipt = await tokens.client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account.toLowerCase())

    // recorded where the Activity list reads it (no data server: the modal's own sends)
    const activity = await page.evaluate(() => sessionStorage.getItem('latchkey.activity'))
    const [latest] = JSON.parse(activity ?? '[]') as Transaction[]
    expect(latest?.id).toBe(hash)
    expect(latest?.metadata).toMatchObject({ operationType: 'send', status: 'confirmed' })
    expect(latest?.transfers[0]).toMatchObject({
      direction: 'out',
      quantity: { numeric: '12.5' },
      fungible_info: { symbol: 'LTK' },
    })
    expect(latest && transactionSign(latest)).toBe('-')

    expect(await balanceOf(account)).toBe(parseUnits('987.5', 18))
    expect(await balanceOf(receiver)).toBe(parseUnits('12.5', 18))
    // the form was reset and reads the new balance
    await byTestId(page, 'send-again').click()
    await waitForView(page, 'WalletSend')
    await waitForText(byTestId(page, 'send-balance'), 'Balance: 987.500 LTK')
    expect(await byTestId(page, 'send-amount').inputValue()).toBe('')
    expect(await byTestId(page, 'send-receiver').inputValue()).toBe('')

    // …and Account → Activity shows it at the top, under this month, with a minus sign
    await page.keyboard.press('Escape')
    await showAccountView(page)
    await byTestId(page, 'tab-activity').click()
    const list = byTestId(page, 'activity-list')
    await list.waitFor({ timeout: 20_000 })
    const month = new Intl.DateTimeFormat('en-US', { month: 'long' }).format(new Date())
    expect(await list.locator('[data-lk-activity-month]').first().textContent()).toBe(month)
    const top = list.locator('[data-testid="activity-row"]').first()
    expect(await top.locator('[data-lk-token-name]').textContent()).toBe('Sent')
    expect(await top.locator('[data-testid="activity-amount"]').textContent()).toBe('-12.500 LTK')
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: a USDT-style token (transfer returns nothing) is sent and confirmed', async () => {
    const { page, url } = e2e()
    const tokens = createTokenDeployer(rpcUrl, 1)
    const usdt = await tokens.deployUsdtStyle({ supply: parseUnits('5000', 6) })
    const balanceOf = (owner: Address) =>
      tokens.client.readContract({
        address: usdt,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })

    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    await openSend(page, { address: usdt, symbol: 'USDT', name: 'Tether USD', decimals: 6 })
    await waitForText(byTestId(page, 'send-balance'), 'Balance: 5000.000 USDT')
    await fillSend(page, '250.25', receiver)
    const preview = byTestId(page, 'send-preview')
    await expect.poll(() => preview.isEnabled(), { timeout: 20_000 }).toBe(true)
    await preview.click()
    await waitForView(page, 'WalletSendPreview')
    await byTestId(page, 'send-confirm').click()
    await waitForText(byTestId(page, 'send-status'), 'Sent')
    const receipt = await tokens.client.getTransactionReceipt({ hash: await sentHash(page) })
    expect(receipt.status).toBe('success')
    expect(await balanceOf(receiver)).toBe(parseUnits('250.25', 6))
    expect(await balanceOf(account)).toBe(parseUnits('4749.75', 6))
  })

  test('behavior: Account → Send sends the chain’s own currency, in its own symbol', async () => {
    const { page, url } = e2e()
    const tokens = createTokenDeployer(rpcUrl, 1)
    const before = await tokens.client.getBalance({ address: receiver })

    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    await modal(page).getByRole('button', { name: 'Send' }).click()
    await waitForView(page, 'WalletSend')
    await waitForText(byTestId(page, 'send-token'), 'ETH')
    await waitForText(byTestId(page, 'send-balance'), 'Balance: 10000.000 ETH')
    await fillSend(page, '1.5', receiver.toLowerCase())
    const preview = byTestId(page, 'send-preview')
    await expect.poll(() => preview.isEnabled(), { timeout: 20_000 }).toBe(true)
    await preview.click()
    await waitForView(page, 'WalletSendPreview')
    await byTestId(page, 'send-confirm').click()
    await waitForText(byTestId(page, 'send-status'), 'Sent')
    expect(await tokens.client.getBalance({ address: receiver })).toBe(before + parseEther('1.5'))
    await byTestId(page, 'send-done').click()
    await waitForView(page, 'Account')
    await waitForText(byTestId(page, 'account-balance'), /^99\d\d\.\d{3} ETH$/)
  })

  test('error: an invalid receiver shows "Invalid address" and the send cannot be previewed', async () => {
    const { page, url } = e2e()
    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    await modal(page).getByRole('button', { name: 'Send' }).click()
    await waitForView(page, 'WalletSend')
    await waitForText(byTestId(page, 'send-balance'), 'Balance: 10000.000 ETH')
    // one wrong letter case in a checksummed address: a typo, not an address
    const typo = receiver.replace('0x70997970C5', '0x70997970c5')
    await fillSend(page, '1', typo)
    const error = byTestId(page, 'send-receiver-error')
    await waitForText(error, 'Invalid address')
    expect(await error.getAttribute('role')).toBe('alert')
    expect(await byTestId(page, 'send-preview').isDisabled()).toBe(true)
    await byTestId(page, 'send-receiver').fill('not an address')
    await waitForText(error, 'Invalid address')
    await byTestId(page, 'send-receiver').fill('')
    await waitForText(byTestId(page, 'send-rule'), 'An amount and receiver address are required')
    expect(await byTestId(page, 'send-preview').isDisabled()).toBe(true)
  })
})

// The embedded wallet (dapp.test → wallet.test frame, a real Latchkey server): the send goes
// through the frame's approval screen, and the status still waits for the receipt.
describe('Send from the embedded wallet', () => {
  const playgroundUrl = inject('playgroundUrl')
  const rpcUrls = inject('rpcUrls')
  let server: TestServer
  let browser: TestBrowser
  let url: string
  let reverts: (() => Promise<void>)[] = []

  beforeAll(async () => {
    reverts = await Promise.all(Object.values(rpcUrls).map((rpcUrl) => snapshot(rpcUrl)))
    server = await startTestServer({
      allowedOrigins: { '*': ['http://dapp.test:*'] },
      chains: rpcUrls,
      now: () => Date.now(),
    })
    const framePort = new URL(server.url).port
    const app = new URL(playgroundUrl)
    app.hostname = 'dapp.test'
    url = `${app.origin}/?${new URLSearchParams({ frame: `http://wallet.test:${framePort}/frame` })}`
    browser = await launchBrowser({
      wallet: false,
      args: [
        `--unsafely-treat-insecure-origin-as-secure=${app.origin},http://wallet.test:${framePort}`,
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
    await Promise.all(reverts.map((revert) => revert()))
  })

  test('default: Account → Send, approved in the frame, confirmed from a receipt', async () => {
    const page = await browser.newPage()
    await page.goto(url)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    const email = 'send@example.com'
    const after = server.sink.mails.length
    await byTestId(page, 'email-input').fill(email)
    await byTestId(page, 'email-input-submit').click()
    await waitForView(page, 'EmailVerifyOtp')
    const otp = await server.sink.waitForCode(email, { after, timeoutMs: 15_000 })
    await byTestId(page, 'otp-digit-0').click()
    await page.keyboard.type(otp)
    await waitForView(page, 'Account')
    const address = (await byTestId(page, 'account-address').getAttribute('title')) as Address
    await anvilRpc(rpcUrl, 'anvil_setBalance', [address, '0xde0b6b3a7640000']) // 1 ETH
    const tokens = createTokenDeployer(rpcUrl, 1)
    const before = await tokens.client.getBalance({ address: receiver })

    await modal(page).getByRole('button', { name: 'Send' }).click()
    await waitForView(page, 'WalletSend')
    await waitForText(byTestId(page, 'send-balance'), 'Balance: 1.000 ETH')
    await fillSend(page, '0.01', receiver)
    const preview = byTestId(page, 'send-preview')
    await expect.poll(() => preview.isEnabled(), { timeout: 20_000 }).toBe(true)
    await preview.click()
    await waitForView(page, 'WalletSendPreview')
    await byTestId(page, 'send-confirm').click()

    await waitForView(page, 'ApproveTransaction')
    const approve = page.frameLocator('iframe[data-latchkey-frame]').getByRole('button', {
      name: 'Approve',
    })
    await expect.poll(() => approve.isEnabled().catch(() => false), { timeout: 20_000 }).toBe(true)
    await approve.click()
    await waitForView(page, 'WalletSendPreview')
    await waitForText(byTestId(page, 'send-status'), 'Sent')
    const hash = await sentHash(page)
    const receipt = await tokens.client.getTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect((await tokens.client.getBalance({ address: receiver })) - before).toBe(10n ** 16n)
    expect(browser.pageErrors()).toEqual([])
  })
})
