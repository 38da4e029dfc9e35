import { describe, expect, test } from 'vitest'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  closeModal,
  openPlayground,
  setWalletFaults,
  testWalletRow,
  truncatedAccount,
  waitForText,
  waitForView,
  walletRequest,
} from '../harness/page'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const e2e = setupE2e()

describe('playground integration actions', () => {
  test('default: connect, switch networks and disconnect run the callbacks', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    const log = byTestId(page, 'pg-log')

    await byTestId(page, 'pg-connect').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForText(log, `onConnect ${account}`)
    await waitForText(log, `onAccountsChanged ${account}`)
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    // Close the modal if connecting left it open, so the playground buttons are reachable.
    await closeModal(page)

    await byTestId(page, 'pg-switch-bnb').click()
    await waitForText(log, 'switched 56')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x38')

    await byTestId(page, 'pg-switch-eth').click()
    await waitForText(log, 'switched 1')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x1')

    await byTestId(page, 'pg-disconnect').click()
    await waitForText(log, 'onDisconnect')
    await byTestId(page, 'connect-button').waitFor({ state: 'visible' })
    expect(await byTestId(page, 'account-button').count()).toBe(0)
    expect(await log.textContent()).not.toMatch(/^error /m)
    expect(browser.offLoopback()).toEqual([])
  })

  test('behavior: a rejected switch reports an error and keeps the network', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, url)
    const log = byTestId(page, 'pg-log')
    await byTestId(page, 'pg-connect').click()
    await page.locator(testWalletRow).click()
    await waitForText(log, `onConnect ${account}`)
    await closeModal(page)

    await setWalletFaults(page, { switch: 'reject' })
    await byTestId(page, 'pg-switch-bnb').click()
    await waitForText(log, /^error /m)
    // F4: the typed rejection (viem's UserRejectedRequestError), not just any error line
    const errors = (await log.textContent())
      ?.split('\n')
      .filter((line) => line.startsWith('error '))
    expect(errors).toEqual(['error User rejected the request.'])
    expect(await log.textContent()).not.toContain('switched 56')
    expect(await walletRequest(page, 'eth_chainId')).toBe('0x1')
    expect(browser.offLoopback()).toEqual([])
  })
})
