import { describe, expect, test } from 'vitest'
import { axeScan } from '../harness/browser'
import { decodePng } from '../harness/decodePng'
import { decodeQr, readQrImage } from '../harness/decodeQr'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  connectTestWallet,
  modal,
  openPlayground,
  showAccountView,
  tabTo,
  waitForText,
  waitForView,
} from '../harness/page'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const e2e = setupE2e()

describe('Receive and the Account balance', () => {
  test('default: Receive shows a QR that decodes to the address, and Copy puts it on the clipboard', async () => {
    const { page, url, browser } = e2e()
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(url).origin,
    })
    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    await modal(page).getByRole('button', { name: 'Receive' }).click()
    await waitForView(page, 'Receive')
    expect(await modal(page).getAttribute('aria-labelledby')).toBeTruthy()
    await waitForText(page.locator('[data-lk-title]'), 'Receive')

    // the pixels on screen, read as a camera would: not the SVG's source
    const qr = modal(page).getByRole('img', { name: 'QR code of your address' })
    await qr.waitFor({ state: 'visible' })
    const image = decodePng(await qr.screenshot())
    expect(decodeQr(readQrImage(image.rgba, image.width, image.height))).toBe(account)

    await waitForText(byTestId(page, 'receive-address'), account)
    const networks = await byTestId(page, 'receive-networks').locator('li').allTextContents()
    expect(networks).toEqual(['Ethereum', 'BNB Smart Chain'])
    expect(await axeScan(page)).toEqual([])

    await modal(page).getByRole('button', { name: 'Copy address' }).click()
    await waitForText(byTestId(page, 'toast'), 'Address copied')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account)
    expect(browser.pageErrors()).toEqual([])
  })

  test('behavior: Receive is reachable with the keyboard alone', async () => {
    const { page, url } = e2e()
    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    await tabTo(page, 'account-receive')
    await page.keyboard.press('Enter')
    await waitForView(page, 'Receive')
    await tabTo(page, 'receive-copy')
    await page.keyboard.press('Enter')
    await waitForText(byTestId(page, 'toast'), /Address copied|Could not copy the address/)
  })

  test('behavior: on chain 56 the balance is in BNB, never ETH', async () => {
    const { page, url } = e2e()
    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')
    await byTestId(page, 'account-network').click()
    await byTestId(page, 'network-eip155:56').click()
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-balance'), '10000.000 BNB')
    await waitForText(byTestId(page, 'account-button'), /10000\.000 BNB/)
    expect(await modal(page).textContent()).not.toContain('ETH')
    expect(await byTestId(page, 'account-button').textContent()).not.toContain('ETH')
  })

  test('error: an unreadable balance shows "—" and Retry, never 0.000; Retry reads it once the node answers', async () => {
    const { page, url } = e2e()
    // The chain's node refuses balance reads (connection refused), everything else passes: a
    // plain eth_getBalance and Multicall3's getEthBalance (0x4d2301cc), which the Account tabs'
    // one batched read uses for the native balance.
    let refuse = true
    const balanceRead = /eth_getBalance|4d2301cc/i
    await page.route('**/rpc/1', (route) => {
      if (refuse && balanceRead.test(route.request().postData() ?? ''))
        return route.abort('connectionrefused')
      return route.fallback()
    })
    await openPlayground(page, url)
    await connectTestWallet(page)
    await showAccountView(page)
    const retry = modal(page).getByRole('button', { name: 'Read the balance again' })
    await retry.waitFor({ state: 'visible', timeout: 20_000 })
    expect(await byTestId(page, 'account-balance').textContent()).toBe('—')
    // no made-up zero anywhere, in the header, the Tokens tab or the button
    expect(await modal(page).textContent()).not.toMatch(/(?<![\d.])0\.000/)
    expect(await byTestId(page, 'account-button').textContent()).not.toContain('0.000')

    refuse = false
    await retry.click()
    await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')
    expect(await byTestId(page, 'balance-retry').count()).toBe(0)
  })
})
