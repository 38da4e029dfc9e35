import type { Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { axeScan } from '../harness/browser'
import { setupE2e } from '../harness/fixtures'
import { byTestId, modal, openPlayground, waitForText, waitForView } from '../harness/page'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'

// Issue 13, SPEC §7 and §9: on a phone-sized viewport, the Solana list of Connect links to
// Phantom and Coinbase Wallet when they are not in the page; the link opens the page in the
// wallet's own browser. The playground with a <SolanaProvider> on the litesvm RPC, with the Solana
// test wallet left out (`?solanaWallet=0`) or registered under another name.
const e2e = setupE2e()
let solana: SolanaRpc

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 50 })
})
afterAll(async () => {
  await solana?.stop()
})

const phone = { width: 390, height: 844 }
const walletHosts = /^https:\/\/(phantom\.app|go\.cb-w\.com)\//

/**
 * Answers the wallets' link hosts in this page with a stub, before the browser's loopback guard
 * would abort them: nothing leaves the machine, the guard stays strict for every other host, and
 * the test reads each URL the page tried to open.
 */
async function catchWalletLinks(page: Page): Promise<string[]> {
  const opened: string[] = []
  await page.route(walletHosts, (route: Route) => {
    opened.push(route.request().url())
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>wallet</title>',
    })
  })
  return opened
}

async function openConnect(page: Page, search: string) {
  const { url } = e2e()
  await openPlayground(page, `${url}?solana=${encodeURIComponent(solana.url)}${search}`)
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
}

/** The test ids of the Connect list's Solana rows, in order. */
async function solanaRows(page: Page): Promise<string[]> {
  return modal(page)
    .locator('[data-namespace="solana"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid') ?? ''))
}

describe('Solana wallet links on mobile', () => {
  test('default: no Solana wallet in the page: Phantom and Coinbase Wallet listed, and a tap opens this page in the wallet’s browser', async () => {
    const { page } = e2e()
    const opened = await catchWalletLinks(page)
    await page.setViewportSize(phone)
    await openConnect(page, '&solanaWallet=0')

    const phantom = byTestId(page, 'solana-link-phantom')
    const coinbase = byTestId(page, 'solana-link-coinbase')
    await waitForText(phantom, 'Phantom')
    await waitForText(coinbase, 'Coinbase Wallet')
    expect(await phantom.textContent()).toBe('Phantom (Solana)Open app')
    expect(await coinbase.textContent()).toBe('Coinbase Wallet (Solana)Open app')
    // WalletConnect (the playground configures it) comes before the links
    expect(await solanaRows(page)).toEqual([
      'solana-wallet-walletConnect',
      'solana-link-phantom',
      'solana-link-coinbase',
    ])
    // the wallet's mark, drawn here (a data: image), not fetched
    expect(await phantom.locator('img').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    expect(await axeScan(page)).toEqual([])

    // the page as it is, query and all, URI-encoded into the wallet's browse link
    const pageUrl = page.url()
    expect(pageUrl).toContain('?solana=')
    const origin = new URL(pageUrl).origin
    const phantomLink = `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(origin)}`
    const request = page.waitForRequest(walletHosts)
    await phantom.click()
    expect((await request).url()).toBe(phantomLink)
    await page.waitForURL(phantomLink)
    expect(opened).toEqual([phantomLink])

    // back on the page, Coinbase Wallet's dapp link
    await page.goBack()
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    const coinbaseLink = `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page.url())}`
    expect(page.url()).toBe(pageUrl)
    await coinbase.click()
    await page.waitForURL(coinbaseLink)
    expect(opened).toEqual([phantomLink, coinbaseLink])
  })

  test('behavior: a wallet in the page keeps its Installed row and gets no link; the other wallet still gets one', async () => {
    const { page, browser } = e2e()
    const opened = await catchWalletLinks(page)
    // the Solana test wallet registers as Phantom would in Phantom's own browser
    await browser.context.addInitScript(() => {
      window.__latchkeySolanaTestWallet = { name: 'Phantom' }
    })
    await page.setViewportSize(phone)
    await openConnect(page, '')

    await waitForText(byTestId(page, 'solana-link-coinbase'), 'Coinbase Wallet')
    await waitForText(byTestId(page, 'solana-wallet-Phantom'), 'Installed')
    expect(await solanaRows(page)).toEqual([
      'solana-wallet-Phantom',
      'solana-wallet-walletConnect',
      'solana-link-coinbase',
    ])

    // the installed row connects as before
    await byTestId(page, 'solana-wallet-Phantom').click()
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'account-button'), 'Solana Local')
    expect(opened).toEqual([])
  })

  test('behavior: on a desktop-sized viewport no links, though neither wallet is in the page; narrowed to a phone, they show', async () => {
    const { page } = e2e()
    const opened = await catchWalletLinks(page)
    await openConnect(page, '')
    // the Solana list has looked for wallets: the test wallet (neither Phantom nor Coinbase) shows
    const testWallet = byTestId(page, 'solana-wallet-Latchkey Solana Test Wallet')
    await waitForText(testWallet, 'Installed')
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    expect(await solanaRows(page)).toEqual([
      'solana-wallet-Latchkey Solana Test Wallet',
      'solana-wallet-walletConnect',
    ])

    // the same page at a phone's width, Connect opened again: the links are there
    await page.setViewportSize(phone)
    await byTestId(page, 'modal-close').click()
    await waitForView(page, undefined)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await waitForText(byTestId(page, 'solana-link-coinbase'), 'Coinbase Wallet')
    expect(await solanaRows(page)).toEqual([
      'solana-wallet-Latchkey Solana Test Wallet',
      'solana-wallet-walletConnect',
      'solana-link-phantom',
      'solana-link-coinbase',
    ])
    expect(opened).toEqual([])
  })

  test('behavior: the WalletConnect (Solana) QR view offers both links on a phone (its own screen cannot be scanned), none on desktop', async () => {
    const { page } = e2e()
    const opened = await catchWalletLinks(page)
    await openConnect(page, '&solanaWallet=0')
    const row = byTestId(page, 'solana-wallet-walletConnect')
    await row.click()
    await waitForView(page, 'ConnectingSolanaWalletConnect')
    await page.locator('[data-wc-uri]').waitFor()
    expect(await byTestId(page, 'solana-wc-wallet-links').count()).toBe(0)

    await byTestId(page, 'modal-back').click()
    await waitForView(page, 'Connect')
    await page.setViewportSize(phone)
    await row.click()
    await waitForView(page, 'ConnectingSolanaWalletConnect')
    const links = byTestId(page, 'solana-wc-wallet-links')
    await waitForText(links, 'Coinbase Wallet')
    const pageUrl = page.url()
    const hrefs = await links
      .locator('a')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))
    expect(hrefs).toEqual([
      `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(new URL(pageUrl).origin)}`,
      `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(pageUrl)}`,
    ])
    expect(await axeScan(page)).toEqual([])
    expect(opened).toEqual([])
  })
})
