import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import type { WcWallet } from '../wcwallet/startWcWallet'
import { byTestId, truncatedAccount, waitForText, waitForView } from './page'

const wait = { timeout: 20_000, interval: 50 }

/** The pairing URI the QR view shows, once there is one (and it is not `not`). */
export async function shownWcUri(page: Page, not?: string): Promise<string> {
  const view = page.locator('[data-wc-uri]')
  let uri = ''
  await expect
    .poll(async () => {
      uri = (await view.count()) ? ((await view.first().getAttribute('data-wc-uri')) ?? '') : ''
      return uri.startsWith('wc:') && uri !== not
    }, wait)
    .toBe(true)
  return uri
}

/** Connect button → WalletConnect row → the QR view; resolves with the URI it shows. */
export async function pickWalletConnect(page: Page): Promise<string> {
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  await byTestId(page, 'wallet-walletConnect').click()
  await waitForView(page, 'ConnectingWalletConnect')
  return shownWcUri(page)
}

/**
 * Pairs `wallet` with the URI the page shows until the account button shows the account;
 * resolves with the new session's topic.
 * @example
 * const topic = await connectWcWallet(page, wallet)
 */
export async function connectWcWallet(page: Page, wallet: WcWallet): Promise<string> {
  const before = new Set(wallet.sessions().map((session) => session.topic))
  await wallet.pair(await pickWalletConnect(page))
  await waitForText(byTestId(page, 'account-button'), truncatedAccount)
  const topic = wallet.sessions().find((session) => !before.has(session.topic))?.topic
  expect(topic).toBeTruthy()
  return topic ?? ''
}
