import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { type Address, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { labSwapOption } from '../../scripts/devSwapLab'
import type { Transaction } from '../../src/schemas/accountData'
import { snapshot } from '../harness/anvil'
import { setupE2e } from '../harness/fixtures'
import { inject } from '../harness/inject'
import { createLatchkeyCli, type ServeProcess } from '../harness/latchkeyCli'
import {
  byTestId,
  connectTestWallet,
  modal,
  openPlayground,
  showAccountView,
  waitForText,
  waitForView,
} from '../harness/page'
import { deploySwapLab, nativeToken, type SwapLab } from '../harness/swap/deploySwapLab'
import { type SwapQuoteApi, startSwapQuoteApi } from '../harness/swap/startSwapQuoteApi'
import { swapTamper } from '../harness/swap/swapTamper'

// Swap in the modal against the real parts: the swap lab (our pools and router) deployed on the
// e2e's chain-1 anvil, the loopback quote API in 0x's shape over it, and a real `latchkey serve
// --swap` forwarding the page's quote and build calls with the key only it holds.
const e2e = setupE2e()
const rpcUrl = inject('rpcUrls')[1] as string
const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const elsewhere = '0x000000000000000000000000000000000000dEaD' as Address
const cli = createLatchkeyCli()
let dir: string
let lab: SwapLab
let api: SwapQuoteApi
let server: ServeProcess
let revert: () => Promise<void>

beforeAll(async () => {
  // the deployments are undone after this file: the other specs expect the wallet's 10000 ETH
  revert = await snapshot(rpcUrl)
  lab = await deploySwapLab(rpcUrl, 1)
  api = await startSwapQuoteApi(lab)
  dir = mkdtempSync(join(tmpdir(), 'latchkey-swap-e2e-'))
  writeFileSync(
    join(dir, 'swap.json'),
    JSON.stringify({ zeroEx: { apiKey: api.apiKey, baseUrl: api.zeroExUrl }, priceCacheMs: 0 }),
  )
  server = await cli.serve(['--port', '0', '--db', ':memory:', '--swap', 'swap.json'], {
    cwd: dir,
  })
}, 120_000)

afterAll(async () => {
  await cli.stopAll()
  await api?.close()
  await revert?.()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}
const nonce = async () => Number(await rpc('eth_getTransactionCount', [account, 'latest']))

/** The playground with the lab's `swap` option, connected, on Swap with `amount` ETH typed. */
async function openSwap(page: Page, url: string, amount: string) {
  const option = labSwapOption(lab, server.url as string)
  await openPlayground(page, `${url}/?swap=${encodeURIComponent(JSON.stringify(option))}`)
  await connectTestWallet(page)
  await showAccountView(page)
  await modal(page).getByRole('button', { name: 'Swap' }).click()
  await waitForView(page, 'Swap')
  await waitForText(byTestId(page, 'swap-sell-token'), 'ETH')
  await waitForText(byTestId(page, 'swap-buy-token'), 'LAB')
  // anvil's account 0 deployed the lab and filled its pools: a little under 9,900 ETH
  await waitForText(byTestId(page, 'swap-sell-balance'), /^Balance: 9,89\d(\.\d+)? ETH$/)
  await modal(page).getByLabel('You pay', { exact: true }).fill(amount)
}

describe('Swap', () => {
  test('default: ETH for LAB in the modal: both balances move, the swap is in Activity', async () => {
    const { page, url, browser } = e2e()
    const ethBefore = await lab.balanceOf(nativeToken, account)
    const labBefore = await lab.balanceOf(lab.lab, account)
    await openSwap(page, url, '1')
    // 1 ETH ≈ 2,000 LAB less the pool's 0.3 % and the depth of a 100 ETH pool
    await waitForText(byTestId(page, 'swap-buy-amount'), /^1,9\d\d(\.\d+)?$/)
    await waitForText(byTestId(page, 'swap-rate'), /^1 ETH = 1,9\d\d(\.\d+)? LAB$/)
    await waitForText(byTestId(page, 'swap-slippage'), /1 %/)
    await waitForText(byTestId(page, 'swap-network-fee'), /^≈ [\d.]+ ETH$/)
    await waitForText(byTestId(page, 'swap-price-impact'), /^\d+(\.\d+)? %$/)
    // the quote went through the server, which added the key the page never had
    const asked = api.requests.filter((request) => request.path.endsWith('/price'))
    expect(asked.length).toBeGreaterThan(0)
    expect(asked.every((request) => request.apiKey === api.apiKey)).toBe(true)

    const review = byTestId(page, 'swap-review')
    await expect.poll(() => review.isEnabled(), { timeout: 20_000 }).toBe(true)
    await review.click()
    await waitForView(page, 'SwapPreview')
    await waitForText(byTestId(page, 'swap-preview-sell'), '1 ETH')
    // ETH needs no approval: the swap, then its receipt
    await waitForText(byTestId(page, 'swap-steps'), /Swap.*Confirmation/)
    expect(await byTestId(page, 'swap-step-approve').count()).toBe(0)
    const confirm = byTestId(page, 'swap-confirm')
    await expect.poll(() => confirm.isEnabled(), { timeout: 20_000 }).toBe(true)
    await confirm.click()
    await expect
      .poll(() => byTestId(page, 'swap-status').getAttribute('data-state'), { timeout: 30_000 })
      .toBe('success')
    await waitForText(byTestId(page, 'swap-status'), 'Swap complete')
    expect(await byTestId(page, 'swap-step-receipt').getAttribute('data-state')).toBe('done')
    await waitForText(byTestId(page, 'toast').first(), /Swapped 1 ETH for 1,9\d\d/)

    const ethAfter = await lab.balanceOf(nativeToken, account)
    const labAfter = await lab.balanceOf(lab.lab, account)
    expect(labAfter - labBefore).toBeGreaterThan(parseEther('1900'))
    expect(ethBefore - ethAfter).toBeGreaterThan(parseEther('1'))
    expect(ethBefore - ethAfter).toBeLessThan(parseEther('1.01'))

    // recorded as a trade where Activity reads it (no data server: the modal's own record)
    const stored = await page.evaluate(() => sessionStorage.getItem('latchkey.activity'))
    const [latest] = JSON.parse(stored ?? '[]') as Transaction[]
    expect(latest?.metadata).toMatchObject({ operationType: 'trade', status: 'confirmed' })
    await byTestId(page, 'swap-done').click()
    await waitForView(page, 'Account')
    await byTestId(page, 'tab-activity').click()
    const top = byTestId(page, 'activity-list').locator('[data-testid="activity-row"]').first()
    await top.waitFor({ timeout: 20_000 })
    expect(await top.locator('[data-lk-token-name]').textContent()).toBe('Swapped')
    expect(await top.locator('[data-testid="activity-amount"]').textContent()).toMatch(
      /^\+1\d{3}\.\d{3} LAB$/,
    )
    expect(browser.pageErrors()).toEqual([])
  })

  test('error: a tampered quote (another target) is refused with a clear error and nothing is sent', async () => {
    const { page, url, browser } = e2e()
    const before = await nonce()
    const labBefore = await lab.balanceOf(lab.lab, account)
    await openSwap(page, url, '1')
    const review = byTestId(page, 'swap-review')
    await expect.poll(() => review.isEnabled(), { timeout: 20_000 }).toBe(true)
    api.tamper = swapTamper('target', elsewhere)
    try {
      await review.click()
      await waitForView(page, 'SwapPreview')
      await waitForText(
        byTestId(page, 'swap-error'),
        'This quote was refused: it does not match your swap. Nothing was signed or sent.',
      )
      expect(await byTestId(page, 'swap-confirm').isDisabled()).toBe(true)
      await page.waitForTimeout(1_000)
      expect(await nonce()).toBe(before)
      expect(await lab.balanceOf(lab.lab, account)).toBe(labBefore)
    } finally {
      api.tamper = undefined
    }
    expect(browser.pageErrors()).toEqual([])
  })
})
