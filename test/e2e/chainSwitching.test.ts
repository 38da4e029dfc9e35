import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  connectTestWallet,
  modal,
  openPlayground,
  setWalletFaults,
  showAccountView,
  waitForText,
  waitForView,
  walletRequest,
} from '../harness/page'

const e2e = setupE2e()

const prompts = ['wallet_switchEthereumChain', 'wallet_addEthereumChain']
const walletPrompts = (page: Page) =>
  page.evaluate(
    (names) =>
      (
        window as unknown as { __latchkeyTestWalletControl: { calls(): string[] } }
      ).__latchkeyTestWalletControl
        .calls()
        .filter((m) => names.includes(m)),
    prompts,
  )
const toasts = (page: Page) => modal(page).locator('[data-lk-toasts]')

/**
 * Init script: the test wallet knows Ethereum and BNB (stored before it installs on the next
 * load), and a MutationObserver records every network the page shows (the button's network and
 * the Account view's), each time it changes, with the time it appeared.
 */
const shownNetworksScript = `(${(
  () => {
    if (window.top !== window) return
    const key = 'latchkey-testwallet'
    if (!localStorage.getItem(key))
      localStorage.setItem(key, JSON.stringify({ connected: false, chainId: 1, chains: [1, 56] }))
    const shown: { at: number; where: string; name: string }[] = []
    ;(window as unknown as { __shownNetworks: typeof shown }).__shownNetworks = shown
    const places = {
      button: '[data-lk-button-network-name]',
      account: '[data-testid="account-network"]',
    }
    const last: Record<string, string> = {}
    new MutationObserver(() => {
      for (const [where, selector] of Object.entries(places)) {
        const name = document.querySelector(selector)?.textContent ?? ''
        if (name && last[where] !== name) shown.push({ at: performance.now(), where, name })
        last[where] = name
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
  }
).toString()})()`

/** Connected on Ethereum, the Networks view open. */
async function openNetworks(page: Page, url: string) {
  await openPlayground(page, url)
  await connectTestWallet(page)
  await showAccountView(page)
  await waitForText(byTestId(page, 'account-network'), 'Ethereum')
  await byTestId(page, 'account-network').click()
  await waitForView(page, 'Networks')
}

describe('chain switching from the Networks view', () => {
  test('error: F4 a rejected switch says "rejected" and keeps Ethereum', async () => {
    const { page, url, browser } = e2e()
    await openNetworks(page, url)
    await setWalletFaults(page, { switch: 'reject' })
    await byTestId(page, 'network-eip155:56').click()
    await waitForText(toasts(page), 'Switch rejected in the wallet')
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'Ethereum')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x1')
    expect(browser.offLoopback()).toEqual([])
  })

  test('error: F2 a wallet that answers null without switching fails with an error, 2 prompts at most', async () => {
    const { page, url, browser } = e2e()
    await openNetworks(page, url)
    await setWalletFaults(page, { switch: 'answerNull' })
    const started = Date.now()
    await byTestId(page, 'network-eip155:56').click()
    await waitForText(toasts(page), 'Switch network failed')
    // two confirmation windows of 2 s, not an endless spinner
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(await walletPrompts(page)).toEqual(prompts)
    expect(await modal(page).locator('[data-lk-notice][role="status"]').count()).toBe(0)
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'Ethereum')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x1')
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: F3 a switch without chainChanged is confirmed and shown', async () => {
    const { page, url, browser } = e2e()
    await openNetworks(page, url)
    await setWalletFaults(page, { switch: 'silentSwitch' })
    await byTestId(page, 'network-eip155:56').click()
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'BNB Smart Chain')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x38')
    expect(await walletPrompts(page)).toEqual(prompts)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: F6 BNB then Ethereum within 50 ms, the wallet switching to each: BNB, stale once Ethereum was chosen, is never shown', async () => {
    const { page, url, browser } = e2e()
    await browser.context.addInitScript({ content: shownNetworksScript })
    // the wallet learns both chains on this load's storage: the next load installs it with them
    await openPlayground(page, url)
    await page.reload()
    await openNetworks(page, url)
    // each switch takes the wallet 400 ms, and it really goes to BNB first
    await setWalletFaults(page, { wallet_switchEthereumChain: { delayMs: 400 } })
    await byTestId(page, 'network-eip155:1').hover()
    const chosenEthereumAt = await page.evaluate(async () => {
      const row = (id: string) =>
        document.querySelector<HTMLButtonElement>(`[data-testid="network-eip155:${id}"]`)
      row('56')?.click()
      await new Promise((resolve) => setTimeout(resolve, 30))
      row('1')?.click()
      return performance.now()
    })
    await expect
      .poll(() => walletPrompts(page))
      .toEqual(['wallet_switchEthereumChain', 'wallet_switchEthereumChain'])
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'Ethereum')
    await page.waitForTimeout(1_000)
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x1')
    const shown = await page.evaluate(
      () =>
        (window as unknown as { __shownNetworks: { at: number; where: string; name: string }[] })
          .__shownNetworks,
    )
    // what the page showed from the last choice on: Ethereum only, on the button and in Account
    const afterChoice = shown.filter((s) => s.at >= chosenEthereumAt)
    expect(afterChoice.filter((s) => !s.name.includes('Ethereum'))).toEqual([])
    expect(shown.filter((s) => s.where === 'button').at(-1)?.name).toBe('Ethereum')
    expect(shown.filter((s) => s.where === 'account').at(-1)?.name).toContain('Ethereum')
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: F6 choosing BNB then Ethereum within 50 ms ends on Ethereum', async () => {
    const { page, url, browser } = e2e()
    await openNetworks(page, url)
    await setWalletFaults(page, { wallet_switchEthereumChain: { delayMs: 400 } })
    // the view has settled (hover waits for a stable element), then both clicks inside 50 ms
    // (the list moves while the first one is pending)
    await byTestId(page, 'network-eip155:1').hover()
    await page.evaluate(async () => {
      const row = (id: string) =>
        document.querySelector<HTMLButtonElement>(`[data-testid="network-eip155:${id}"]`)
      row('56')?.click()
      await new Promise((resolve) => setTimeout(resolve, 30))
      row('1')?.click()
    })
    // the first choice reached the wallet; the wallet ends where the last one asked, and so
    // does the page
    await expect.poll(() => walletPrompts(page)).toEqual(['wallet_switchEthereumChain'])
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-network'), 'Ethereum')
    await page.waitForTimeout(1_000)
    expect(await byTestId(page, 'account-network').textContent()).toContain('Ethereum')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x1')
    // the abandoned BNB switch asked nothing more (no add prompt after its 4902)
    expect(await walletPrompts(page)).toEqual(['wallet_switchEthereumChain'])
    expect(browser.offLoopback()).toEqual([])
  })
})
