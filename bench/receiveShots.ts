/**
 * Screenshots of Account and Receive (issue 12) for a human to look at, dark and light, desktop
 * and mobile: `npx tsx bench/receiveShots.ts [outDir] [--no-build]` → {outDir}/receive-*.png
 * (default .bench/screenshots). Includes the unreadable balance ("—" + retry) and chain 56 (BNB).
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
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

async function main() {
  const out = await prepareShots()
  const anvils = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
  const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
  const server = await startPlaygroundServer({ root: join(repo, 'playground/dist'), rpc })
  try {
    await forEachShotPage(
      out,
      { prefix: 'receive', timeoutMs: 10_000 },
      async ({ page, theme, shot }) => {
        const url = `${server.url}/?theme=${theme}`
        await connect(page, url)
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="account-balance"]')?.textContent?.includes('ETH'),
        )
        await shot('account')
        await page.click('[data-testid="account-receive"]')
        await page.waitForSelector('[data-view="Receive"] [data-lk-qr][data-state="ready"]')
        await shot('receive')
        await page.click('[data-testid="modal-back"]')
        await page.click('[data-testid="account-network"]')
        await page.click('[data-testid="network-eip155:56"]')
        await page.waitForFunction(() =>
          document.querySelector('[data-testid="account-balance"]')?.textContent?.includes('BNB'),
        )
        await shot('account-bnb')
        // a node that refuses balance reads: '—' and a retry
        await page.route('**/rpc/1', (route) =>
          (route.request().postData() ?? '').includes('eth_getBalance')
            ? route.abort('connectionrefused')
            : route.fallback(),
        )
        await connect(page, url)
        await page.waitForSelector('[data-testid="balance-retry"]', { timeout: 20_000 })
        await shot('account-unreadable')
      },
    )
  } finally {
    await server.stop()
    await Promise.all(anvils.map((node) => node.stop()))
  }
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
