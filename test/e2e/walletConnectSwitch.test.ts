import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import { inject } from '../harness/inject'
import {
  byTestId,
  modal,
  openPlayground,
  showAccountView,
  waitForText,
  waitForView,
} from '../harness/page'
import { connectWcWallet } from '../harness/walletConnectPage'
import { devAccountKey } from '../wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../wcwallet/startWcWallet'

const e2e = setupE2e()
let wallet: WcWallet

beforeAll(async () => {
  // A WalletConnect wallet that knows Ethereum only (the session approves no other chain, so a
  // switch reaches the wallet, which answers 4902) and has no wallet_addEthereumChain.
  const rpcUrls = inject('rpcUrls') as Record<number, string>
  wallet = await startWcWallet({
    relayUrl: inject('relayUrl'),
    rpcUrls: { 1: rpcUrls[1] as string },
    account: devAccountKey,
    faults: { wallet_addEthereumChain: 'unsupported' },
  })
})

afterAll(async () => {
  await wallet?.stop()
})

describe('switching over WalletConnect', () => {
  test('error: F5 a wallet without wallet_addEthereumChain (-32601) says it does not support the network, asked once', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    await connectWcWallet(page, wallet)
    await showAccountView(page)
    await byTestId(page, 'account-network').click()
    await waitForView(page, 'Networks')
    await byTestId(page, 'network-eip155:56').click()
    await waitForText(
      modal(page).locator('[data-lk-toasts]'),
      "This wallet doesn't support this network",
    )
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'Ethereum')
    // no repeated requests: one switch, one add
    await page.waitForTimeout(1_000)
    const asked = wallet.requests
      .map((request) => request.method)
      .filter(
        (method) => method === 'wallet_switchEthereumChain' || method === 'wallet_addEthereumChain',
      )
    expect(asked).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])
    expect(browser.offLoopback()).toEqual([])
  })
})
