/**
 * Screenshots of the Swap views (issue 15) for a human to look at, dark and light, desktop and
 * mobile: `npx tsx bench/swapShots.ts [outDir] [--no-build]` → {outDir}/swap-*.png (default
 * .bench/screenshots). The swap lab is deployed on the chain-1 anvil behind an in-process
 * Latchkey server's swap forwarder, as `npm run dev` has it; the progress is shot with automine
 * off, then a block is mined for the result.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { startDevSwapLab } from '../scripts/devSwapLab'
import { createLatchkeyServer } from '../server/createLatchkeyServer'
import { startAnvil } from '../test/harness/anvil'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { forEachShotPage, prepareShots, repoRoot as repo } from './shotPages'

async function connect(page: Page, url: string) {
  await page.goto(url)
  await page.evaluate(() => localStorage.clear())
  await page.goto(url)
  await page.click('[data-testid="connect-button"]')
  await page.click('[data-testid="wallet-dev.latchkey.testwallet"]')
  await page.waitForSelector('[data-testid="account-button"]', { timeout: 15_000 })
  if (!(await page.$('[data-view="Account"]'))) await page.click('[data-testid="account-button"]')
  await page.waitForSelector('[data-view="Account"]')
}

const textOf = (page: Page, testId: string, pattern: RegExp) =>
  page.waitForFunction(
    ([id, source]) =>
      new RegExp(source as string).test(
        document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '',
      ),
    [testId, pattern.source],
  )

async function main() {
  const out = await prepareShots()
  const anvils = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
  const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
  const rpc1 = rpc[1] as string
  const call = (method: string, params: unknown[] = []) =>
    fetch(rpc1, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  const lab = await startDevSwapLab(rpc1)
  const latchkey = await createLatchkeyServer({
    host: '127.0.0.1',
    databaseUrl: ':memory:',
    swap: { ...lab.serverOption, priceCacheMs: 0 },
    // four pages in a row from one address, each asking a quote every 10 s
    rateLimits: { swapPerAddress: { limit: 1_000, windowMs: 60_000 } },
  })
  const listening = await latchkey.listen({ port: 0 })
  const option = lab.playgroundOption(`http://127.0.0.1:${listening.port}`)
  const server = await startPlaygroundServer({ root: join(repo, 'playground/dist'), rpc })
  try {
    await forEachShotPage(out, { prefix: 'swap' }, async ({ page, theme, shot }) => {
      const url = `${server.url}/?theme=${theme}&swap=${encodeURIComponent(JSON.stringify(option))}`
      await connect(page, url)
      await page.waitForSelector('[data-testid="account-swap"]')
      await shot('account')
      await page.click('[data-testid="account-swap"]')
      await textOf(page, 'swap-sell-balance', /ETH/)
      await shot('form-empty')
      await page.fill('[data-testid="send-amount"]', '1.5')
      await textOf(page, 'swap-rate', /LAB/)
      await shot('form-quoted')
      await page.fill('[data-testid="send-amount"]', '20000')
      await textOf(page, 'swap-review', /Insufficient/)
      await shot('form-insufficient')
      await page.click('[data-testid="swap-buy-token"]')
      await page.waitForSelector('[data-view="SwapSelectToken"]')
      await textOf(page, 'swap-token-balance-LAB', /\d/)
      await shot('select-token')
      await page.click('[data-testid="modal-back"]')
      await page.waitForSelector('[data-view="Swap"]')
      await page.click('[data-testid="swap-flip"]')
      await page.fill('[data-testid="send-amount"]', '250')
      await page.waitForSelector('[data-testid="swap-review"]:not([disabled])')
      await page.click('[data-testid="swap-review"]')
      await page.waitForSelector('[data-testid="swap-step-approve"]')
      await shot('preview-approve')
      await page.click('[data-testid="swap-edit"]')
      await page.click('[data-testid="swap-flip"]')
      await page.fill('[data-testid="send-amount"]', '1')
      await page.waitForSelector('[data-testid="swap-review"]:not([disabled])')
      await page.click('[data-testid="swap-review"]')
      await page.waitForSelector('[data-testid="swap-confirm"]:not([disabled])')
      await shot('preview')
      await call('evm_setAutomine', [false])
      try {
        await page.click('[data-testid="swap-confirm"]')
        await page.waitForSelector('[data-testid="swap-step-receipt"][data-state="active"]')
        await shot('progress')
        await call('evm_mine')
      } finally {
        await call('evm_setAutomine', [true])
      }
      await page.waitForSelector('[data-testid="swap-status"][data-state="success"]')
      await page.waitForSelector('[data-testid="toast"][data-variant="success"]')
      await shot('success')
      await page.click('[data-testid="swap-done"]')
      await page.click('[data-testid="tab-activity"]')
      await page.waitForSelector('[data-testid="activity-row"]')
      await shot('activity')
      await page.click('[data-testid="account-network"]')
      await page.click('[data-testid="network-eip155:56"]')
      await page.waitForFunction(() => !document.querySelector('[data-testid="account-swap"]'))
      await page.evaluate(() =>
        (
          window as unknown as { __latchkeyPlayground: { open(args: { view: string }): void } }
        ).__latchkeyPlayground.open({ view: 'Swap' }),
      )
      await page.waitForSelector('[data-testid="swap-unsupported"]')
      await shot('unsupported')
    })
  } finally {
    await server.stop()
    await latchkey.close()
    await lab.stop()
    await Promise.all(anvils.map((node) => node.stop()))
  }
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
