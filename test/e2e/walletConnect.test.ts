import { type AddressInfo, createServer } from 'node:net'
import { type Hex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
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
import { connectWcWallet, pickWalletConnect, shownWcUri } from '../harness/walletConnectPage'
import { once } from '../harness/walletFaults'
import { devAccountKey } from '../wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../wcwallet/startWcWallet'

const e2e = setupE2e()
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

describe('WalletConnect through the loopback relay', () => {
  test('default: pairs from the QR view, shows the account, signs, switches to 56, disconnects', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    const topic = await connectWcWallet(page, wallet)

    await showAccountView(page)
    await waitForText(byTestId(page, 'account-address'), truncatedAccount)
    await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')
    await waitForText(byTestId(page, 'account-network'), 'Ethereum')
    await page.keyboard.press('Escape')
    await waitForView(page, undefined)

    // personal_sign round trip, verified with viem.
    await byTestId(page, 'pg-sign').click()
    await waitForText(byTestId(page, 'pg-log'), /signed 0x[0-9a-f]{130}/)
    const log = (await byTestId(page, 'pg-log').textContent()) ?? ''
    const signature = /signed (0x[0-9a-f]{130})/.exec(log)?.[1] as Hex
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'Hello from the Latchkey playground',
        signature,
      }),
    ).toBe(true)
    expect(wallet.requests.some((request) => request.method === 'personal_sign')).toBe(true)

    // Switch to BNB Smart Chain from the modal: the wallet switches and the balance follows.
    await showAccountView(page)
    await byTestId(page, 'account-network').click()
    await waitForView(page, 'Networks')
    await byTestId(page, 'network-eip155:56').click()
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'BNB Smart Chain')
    await waitForText(byTestId(page, 'account-balance'), '10000.000 BNB')

    // Disconnect from the dapp: the wallet sees the session deleted.
    const deleted = wallet.waitForDelete(topic)
    await byTestId(page, 'disconnect').click()
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    await deleted
    expect(wallet.sessions().some((session) => session.topic === topic)).toBe(false)
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: a disconnect from the wallet side ends the session in the page', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    const topic = await connectWcWallet(page, wallet)
    await wallet.disconnect(topic)
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: stays connected after a reload with a live session', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    const topic = await connectWcWallet(page, wallet)
    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    expect(await byTestId(page, 'connect-button').count()).toBe(0)
    // The restored session still signs, once wagmi has reconnected it (the SDK loads first).
    await waitForText(byTestId(page, 'pg-log'), 'onConnect 0x')
    await byTestId(page, 'pg-sign').click()
    await waitForText(byTestId(page, 'pg-log'), /signed 0x[0-9a-f]{130}/)
    await wallet.disconnect(topic)
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: an unreachable relay shows an error naming it instead of waiting for ever (issue 9)', async () => {
    const { page, url, browser } = e2e()
    // A port nothing listens on (taken and released): the socket is refused.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as AddressInfo
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const relay = `ws://127.0.0.1:${port}`
    const target = new URL(url)
    target.searchParams.set('relay', relay)
    target.searchParams.set('relayTimeoutMs', '2000')
    await openPlayground(page, target.href)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    const clicked = Date.now()
    await byTestId(page, 'wallet-walletConnect').click()
    await waitForView(page, 'ConnectingWalletConnect')
    await waitForText(
      modal(page).locator('[role="alert"]'),
      `Could not reach the WalletConnect relay at ${relay}.`,
    )
    // 2 s for the relay, plus loading and starting the SDK.
    expect(Date.now() - clicked).toBeLessThan(12_000)
    expect(await page.locator('[data-wc-uri]').count()).toBe(0)
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: a rejected proposal shows the error and a fresh URI at once', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    const first = await pickWalletConnect(page)
    wallet.faults.connect = once('reject')
    await wallet.pair(first)
    await waitForText(modal(page).locator('[role="alert"]'), 'Connection declined')
    const fresh = await shownWcUri(page, first)
    expect(fresh).not.toBe(first)
    // The fresh URI pairs.
    await wallet.pair(fresh)
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    expect(browser.pageErrors()).toEqual([])
  })
})
