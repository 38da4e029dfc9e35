import type { Page } from 'playwright-core'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import { byTestId, openPlayground, truncatedAccount, waitForText } from '../harness/page'
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

describe('WalletConnect faults in the browser', () => {
  test('D7: a reload with a request pending: the page reconnects, the late answer breaks nothing, the next request is answered', async () => {
    const { page, url, browser } = e2e()
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

    // The wallet answers the request from before the reload.
    wallet.faults['*'] = undefined
    const answered = wallet.requests.length
    await wallet.answerHeld()
    expect(wallet.requests.length).toBe(answered + 1)

    // Nothing hangs: a new request is answered with its own signature, once.
    await byTestId(page, 'pg-sign').click()
    await expect.poll(async () => (await loggedSignatures(page)).length, wait).toBe(1)
    const [signature] = await loggedSignatures(page)
    expect(
      await verifyMessage({ address: wallet.address, message, signature: signature as Hex }),
    ).toBe(true)
    expect(await byTestId(page, 'connect-button').count()).toBe(0)
    expect(browser.pageErrors()).toEqual([])
    await wallet.disconnect(topic)
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
  })
})
