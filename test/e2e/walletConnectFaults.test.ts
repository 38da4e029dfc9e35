import type { Page } from 'playwright-core'
import { createPublicClient, type Hex, http, parseEther, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { anvilAccounts } from '../harness/deployTokens'
import { setupE2e } from '../harness/fixtures'
import { inject } from '../harness/inject'
import {
  byTestId,
  modal,
  openPlayground,
  showAccountView,
  truncatedAccount,
  waitForText,
  waitForView,
} from '../harness/page'
import { connectWcWallet } from '../harness/walletConnectPage'
import { devAccountKey } from '../wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../wcwallet/startWcWallet'

// Reliability plan section D in Chromium, where the page's own storage and reload matter.

const e2e = setupE2e()
const wait = { timeout: 20_000, interval: 50 }
const message = 'Hello from the Latchkey playground'
let wallet: WcWallet

beforeAll(async () => {
  wallet = await startWcWallet({
    relayUrl: inject('relayUrl'),
    rpcUrls: inject('rpcUrls'),
    account: devAccountKey,
  })
})

afterAll(async () => {
  await wallet?.stop()
})

/** Signatures the playground logged, in order. */
async function loggedSignatures(page: Page): Promise<Hex[]> {
  const log = (await byTestId(page, 'pg-log').textContent()) ?? ''
  return [...log.matchAll(/signed (0x[0-9a-f]{130})/g)].map((match) => match[1] as Hex)
}

/** The page's console lines, across reloads. */
function consoleLines(page: Page): string[] {
  const lines: string[] = []
  page.on('console', (line) => void lines.push(line.text()))
  return lines
}

describe('WalletConnect faults in the browser', () => {
  test('D7: a reload with a request pending: the app is told it expired, the late answer is dropped with one note, the next request is answered', async () => {
    const { page, url, browser } = e2e()
    const lines = consoleLines(page)
    await openPlayground(page, url)
    const topic = await connectWcWallet(page, wallet)
    expect(topic).toBeTruthy()

    // The wallet shows the request but has not answered when the visitor reloads.
    wallet.faults['*'] = 'hang'
    const held = wallet.unanswered.length
    await byTestId(page, 'pg-sign').click()
    await expect.poll(() => wallet.unanswered.length, wait).toBe(held + 1)
    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await waitForText(byTestId(page, 'pg-log'), 'onConnect 0x')
    // The request from before the reload is shown as expired: its caller went with the old page.
    await waitForText(byTestId(page, 'pg-log'), 'expired personal_sign (sent before the reload)')

    // The wallet answers it late: recognised, dropped, said once (not the SDK's listener error).
    wallet.faults['*'] = undefined
    const answered = wallet.requests.length
    await wallet.answerHeld()
    expect(wallet.requests.length).toBe(answered + 1)
    const late =
      /the wallet answered personal_sign \(request \d+\) with a result after the page that sent it was reloaded/
    await expect.poll(() => lines.filter((line) => late.test(line)).length, wait).toBe(1)
    expect(await loggedSignatures(page)).toEqual([])

    // Nothing hangs: a new request is answered with its own signature, once.
    await byTestId(page, 'pg-sign').click()
    await expect.poll(async () => (await loggedSignatures(page)).length, wait).toBe(1)
    const [signature] = await loggedSignatures(page)
    expect(
      await verifyMessage({ address: wallet.address, message, signature: signature as Hex }),
    ).toBe(true)
    expect(lines.filter((line) => late.test(line))).toHaveLength(1)
    expect(lines.filter((line) => /without any listeners/.test(line))).toEqual([])
    const log = (await byTestId(page, 'pg-log').textContent()) ?? ''
    expect(log.match(/expired personal_sign/g)).toHaveLength(1)
    expect(await byTestId(page, 'connect-button').count()).toBe(0)
    expect(browser.pageErrors()).toEqual([])
    await wallet.disconnect(topic)
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
  })

  test('D6: a send the wallet never answers: at requestTimeoutMs the modal stops waiting, shows the typed error, and the next send goes through', async () => {
    const { page, url, browser } = e2e()
    const receiver = (anvilAccounts[1] as (typeof anvilAccounts)[number]).address
    const chain = createPublicClient({ transport: http(inject('rpcUrls')[1] as string) })
    const before = await chain.getBalance({ address: receiver })
    const target = new URL(url)
    target.searchParams.set('requestTimeoutMs', '3000')
    await openPlayground(page, target.href)
    const topic = await connectWcWallet(page, wallet)

    await showAccountView(page)
    await modal(page).getByRole('button', { name: 'Send' }).click()
    await waitForView(page, 'WalletSend')
    await waitForText(byTestId(page, 'send-balance'), 'Balance: 10000.000 ETH')
    await byTestId(page, 'send-amount').fill('1.5')
    await byTestId(page, 'send-receiver').fill(receiver)
    const preview = byTestId(page, 'send-preview')
    await expect.poll(() => preview.isEnabled(), wait).toBe(true)
    await preview.click()
    await waitForView(page, 'WalletSendPreview')

    // The wallet app never shows the request.
    wallet.faults['*'] = 'hang'
    const held = wallet.unanswered.length
    const status = byTestId(page, 'send-status')
    await byTestId(page, 'send-confirm').click()
    await waitForText(status, 'Confirm the transaction in your wallet')
    await expect.poll(() => wallet.unanswered.length, wait).toBe(held + 1)
    expect(wallet.unanswered.at(-1)?.method).toBe('eth_sendTransaction')
    const asked = Date.now()

    // At the deadline: the waiting line and its spinner go, the typed error is shown.
    const error = byTestId(page, 'send-error')
    await waitForText(error, 'The wallet did not answer eth_sendTransaction in time.')
    expect(Date.now() - asked).toBeLessThan(10_000)
    expect(await error.getAttribute('role')).toBe('alert')
    expect(await status.getAttribute('data-state')).toBe('editing')
    expect(await page.locator('[data-lk-send-spinner]').count()).toBe(0)
    expect(await status.textContent()).toBe('')

    // Unblocked: the same button sends again, and this time the wallet answers.
    wallet.faults['*'] = undefined
    await byTestId(page, 'send-confirm').click()
    await waitForText(status, 'Sent')
    expect(await byTestId(page, 'send-error').count()).toBe(0)
    expect(await chain.getBalance({ address: receiver })).toBe(before + parseEther('1.5'))
    expect(browser.pageErrors()).toEqual([])
    await wallet.disconnect(topic)
  })
})
