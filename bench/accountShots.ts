/**
 * Screenshots of the Account tabs (issue 12) for a human to look at, dark and light, desktop and
 * mobile: `npx tsx bench/accountShots.ts [outDir] [--no-build]` → {outDir}/account-*.png (default
 * .bench/screenshots). Tokens, NFTs and Activity from a chain data stand-in (200 tokens, 1,000
 * transactions), then the failures: balances unreadable, activity not fetched.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { startAnvil } from '../test/harness/anvil'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { startAccountFixtures } from './accountFixtures'
import { forEachShotPage, prepareShots, repoRoot as repo } from './shotPages'

const dialog = '[data-latchkey][role="dialog"]'

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
  const fixtures = await startAccountFixtures()
  const routes = { ...fixtures.routes }
  try {
    await forEachShotPage(
      out,
      {
        prefix: 'account',
        desktop: { width: 1280, height: 900 },
        timeoutMs: 10_000,
        selector: dialog,
        settleMs: 500,
      },
      async ({ page, theme, shot }) => {
        const url = `${server.url}/?theme=${theme}&chainData=${encodeURIComponent(fixtures.url)}`
        try {
          await connect(page, url)
          await page.waitForSelector('[data-testid="token-list"] [data-lk-token-row]')
          await shot('tokens')
          await page.click('[data-testid="tab-nfts"]')
          await page.waitForSelector('[data-testid="nft-grid"] img')
          await shot('nfts')
          await page.click('[data-testid="tab-activity"]')
          await page.waitForSelector('[data-testid="activity-list"] [data-lk-activity-row]')
          await shot('activity')
          await page.locator('[data-lk-account-scroll]').evaluate((el) => {
            el.scrollTop = 60 * 120
          })
          await shot('activity-scrolled')
          // failures: the data server down for balances and history
          fixtures.routes.balance = () => ({ status: 502, body: { error: { name: 'Down' } } })
          fixtures.routes.history = () => ({ status: 502, body: { error: { name: 'Down' } } })
          await connect(page, url)
          await page.waitForSelector('[data-testid="tokens-unavailable"]', { timeout: 20_000 })
          await shot('tokens-unavailable')
          await page.click('[data-testid="tab-activity"]')
          await page.waitForSelector('[data-testid="activity-error"]')
          await shot('activity-failed')
        } finally {
          Object.assign(fixtures.routes, routes)
        }
      },
    )
  } finally {
    await fixtures.close()
    await server.stop()
    await Promise.all(anvils.map((node) => node.stop()))
  }
}

await main()
