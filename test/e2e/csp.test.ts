import { describe, expect, test } from 'vitest'
import { launchBrowser } from '../harness/browser'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  closeModal,
  connectTestWallet,
  openPlayground,
  showAccountView,
  waitForText,
  waitForView,
} from '../harness/page'

const e2e = setupE2e()

describe('the playground under a strict Content-Security-Policy', () => {
  test("behavior: G13 served with script-src and style-src 'self' (no unsafe-inline, no unsafe-eval): connect, Account, networks, sign, WalletConnect QR, disconnect with 0 securitypolicyviolation events", async () => {
    const { page, url, browser } = e2e()
    const response = await page.goto(url)
    const csp = (await response?.headerValue('content-security-policy')) ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    await openPlayground(page, url)

    await connectTestWallet(page)
    await showAccountView(page)
    await closeModal(page)
    await byTestId(page, 'pg-switch-bnb').click()
    await waitForText(page.locator('[data-lk-button-network-name]'), 'BNB Smart Chain')
    await byTestId(page, 'pg-sign').click()
    await waitForText(byTestId(page, 'pg-log'), /signed 0x[0-9a-f]{130}/)
    await byTestId(page, 'pg-disconnect').click()
    await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
    // the WalletConnect QR view (the QR code is drawn from JS, the modal animates)
    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    await byTestId(page, 'wallet-walletConnect').click()
    await waitForView(page, 'ConnectingWalletConnect')
    await page.locator('[data-wc-uri^="wc:"]').first().waitFor({ timeout: 15_000 })
    await closeModal(page)

    expect(browser.cspViolations()).toEqual([])
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: G13 the check sees a violation: an injected <style> and inline script are refused and reported', async () => {
    const { url } = e2e()
    // its own browser: setupE2e's holds every test to 0 violations
    const other = await launchBrowser()
    try {
      const page = await other.newPage()
      await openPlayground(page, url)
      await page.evaluate(() => {
        const style = document.createElement('style')
        style.textContent = 'body { outline: 1px solid red }'
        document.head.append(style)
        const script = document.createElement('script')
        script.textContent = 'window.__inline = 1'
        document.head.append(script)
      })
      await expect.poll(() => other.cspViolations().length).toBeGreaterThanOrEqual(2)
      const seen = other.cspViolations().join('\n')
      expect(seen).toContain('style-src-elem inline')
      expect(seen).toContain('script-src-elem inline')
      expect(await page.evaluate(() => 'inline' in window)).toBe(false)
    } finally {
      await other.close()
    }
  })
})
