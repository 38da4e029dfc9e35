import type { Address } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { axeScan } from '../harness/browser'
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
import { createSolanaSigner } from '../harness/solanaSigner'
import { shownWcUri } from '../harness/walletConnectPage'
import { once } from '../harness/walletFaults'
import { SOL } from '../solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'
import { devAccountKey } from '../wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../wcwallet/startWcWallet'

// Issue 13, WalletConnect for Solana in the modal: the playground with a <SolanaProvider> over the
// litesvm RPC and no Solana wallet in the page; the WalletConnect row of the Solana list shows a
// QR code, a sign-client wallet with an Ed25519 key (Node, through the loopback relay) approves
// the `solana` namespace, and Account shows the Solana account with its SOL balance.
const e2e = setupE2e()
const signer = createSolanaSigner(11)
let solana: SolanaRpc
let wallet: WcWallet

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 50 })
  wallet = await startWcWallet({
    relayUrl: inject('relayUrl'),
    rpcUrls: inject('rpcUrls'),
    account: devAccountKey,
    solana: { signer, rpcUrls: { [`solana:${solana.genesisHash.slice(0, 32)}`]: solana.url } },
  })
  await solana.airdrop(signer.address as Address, 3n * SOL)
})
afterAll(async () => {
  await wallet?.stop()
  await solana?.stop()
})

const truncated = `${signer.address.slice(0, 4)}…${signer.address.slice(-6)}`

describe('WalletConnect for Solana in the modal', () => {
  test('default: WalletConnect in the Solana list → QR → the wallet approves → the Solana account with its SOL balance; reload; a disconnect from the wallet', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, `${url}?solana=${encodeURIComponent(solana.url)}&solanaWallet=0`)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    const row = byTestId(page, 'solana-wallet-walletConnect')
    await waitForText(row, 'WalletConnect (Solana)')
    await waitForText(row, 'QR code')
    await row.click()
    await waitForView(page, 'ConnectingSolanaWalletConnect')
    await waitForText(modal(page).locator('h2'), 'WalletConnect')
    const uri = await shownWcUri(page)
    expect(await axeScan(page)).toEqual([])

    // the wallet declines first: a fresh URI follows, the decline beside it
    wallet.faults.wc_sessionPropose = once('reject')
    await wallet.pair(uri)
    const fresh = await shownWcUri(page, uri)
    await waitForText(modal(page).locator('[data-lk-connecting-error]'), 'Connection declined')
    await wallet.pair(fresh)
    await waitForView(page, undefined)

    const button = byTestId(page, 'account-button')
    await waitForText(button, truncated)
    await waitForText(button, '3.000 SOL')
    expect(await button.getAttribute('data-namespace')).toBe('solana')
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-address'), truncated)
    await waitForText(byTestId(page, 'account-balance'), '3.000 SOL')
    await waitForText(byTestId(page, 'account-cluster'), 'Solana Local')
    const session = wallet.sessions().at(-1)
    expect(Object.keys(session?.namespaces ?? {})).toEqual(['solana'])

    // a reload: the session is restored without a QR code
    await page.reload()
    await waitForText(button, truncated)
    await waitForText(button, '3.000 SOL')

    // the wallet ends the session: the page's Solana account goes
    await wallet.disconnect(session?.topic ?? '')
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: Back from the Solana QR cancels its pairing: the Solana side is not left connecting, and connecting again pairs', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, `${url}?solana=${encodeURIComponent(solana.url)}&solanaWallet=0`)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    const row = byTestId(page, 'solana-wallet-walletConnect')
    await row.click()
    await waitForView(page, 'ConnectingSolanaWalletConnect')
    const stale = await shownWcUri(page)
    const status = () => page.evaluate(() => window.__latchkeySolana?.getState().status)
    expect(await status()).toBe('connecting')
    await byTestId(page, 'modal-back').click()
    await waitForView(page, 'Connect')
    await expect.poll(status, { timeout: 10_000, interval: 100 }).toBe('disconnected')

    await row.click()
    await waitForView(page, 'ConnectingSolanaWalletConnect')
    await wallet.pair(await shownWcUri(page, stale))
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'account-button'), truncated)
    expect(await status()).toBe('connected')
    expect(browser.pageErrors()).toEqual([])
  })
})
