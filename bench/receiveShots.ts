/**
 * Screenshots of Account and Receive (issue 12) for a human to look at, dark and light, desktop
 * and mobile: `npx tsx bench/receiveShots.ts [outDir] [--no-build]` → {outDir}/receive-*.png
 * (default .bench/screenshots). Includes the unreadable balance ("—" + retry) and chain 56 (BNB).
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { build as viteBuild } from 'vite'
import { startAnvil } from '../test/harness/anvil'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { launchBenchBrowser } from './browser'

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'

const repo = fileURLToPath(new URL('..', import.meta.url))
const out = resolve(
  process.argv.slice(2).find((a) => !a.startsWith('--')) ?? join(repo, '.bench/screenshots'),
)
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } }

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
  mkdirSync(out, { recursive: true })
  if (!process.argv.includes('--no-build'))
    await viteBuild({ configFile: join(repo, 'playground/vite.config.ts'), logLevel: 'warn' })
  const anvils = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
  const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
  const server = await startPlaygroundServer({ root: join(repo, 'playground/dist'), rpc })
  try {
    for (const theme of ['dark', 'light']) {
      for (const [name, viewport] of Object.entries(viewports)) {
        const browser = await launchBenchBrowser(viewport)
        const page = await browser.page()
        page.setDefaultTimeout(10_000)
        const shot = async (view: string) => {
          await page.waitForTimeout(450)
          const path = join(out, `receive-${theme}-${name}-${view}.png`)
          await page.screenshot({ path })
          process.stdout.write(`  ${path}\n`)
        }
        const url = `${server.url}/?theme=${theme}`
        try {
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
        } catch (error) {
          process.stdout.write(`  ! ${theme}-${name}: ${(error as Error).message.split('\n')[0]}\n`)
          await shot('failure').catch(() => undefined)
        } finally {
          await browser.close()
        }
      }
    }
  } finally {
    await server.stop()
    await Promise.all(anvils.map((node) => node.stop()))
  }
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
