/**
 * Screenshots of the built playground for a human to look at (not part of `npm run bench`):
 * `npx tsx bench/screenshots.ts [--no-build]` → .bench/screenshots/*.png
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { build as viteBuild } from 'vite'
import { startAnvil } from '../test/harness/anvil'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { launchBenchBrowser } from './browser'

// Extensionless relative imports (house style) are fine for Vite's default config loader.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'

const repo = fileURLToPath(new URL('..', import.meta.url))
const out = join(repo, '.bench/screenshots')
const dialog = '[data-latchkey][role="dialog"][data-state="open"]'

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(600)
  await page.screenshot({ path: join(out, `${name}.png`) })
  process.stdout.write(`  ${name}.png\n`)
}

async function main() {
  mkdirSync(out, { recursive: true })
  if (!process.argv.includes('--no-build')) {
    await viteBuild({ configFile: join(repo, 'playground/vite.config.ts'), logLevel: 'warn' })
  }
  const anvils = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
  const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
  const server = await startPlaygroundServer({ root: join(repo, 'playground/dist'), rpc })
  const errors: string[] = []
  try {
    for (const [name, viewport] of Object.entries(viewports)) {
      const browser = await launchBenchBrowser(viewport)
      const page = await browser.page()
      page.on('pageerror', (error) => errors.push(`${name}: ${error.message}`))
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`${name} console: ${msg.text()}`)
      })
      try {
        await page.goto(`${server.url}/`)
        await page.waitForSelector('[data-testid="connect-button"]', { timeout: 15_000 })
        await shot(page, `${name}-page`)
        await page.click('[data-testid="pg-connect"]')
        await page.waitForSelector(dialog, { timeout: 10_000 })
        await shot(page, `${name}-connect`)
        const row = page.locator('[data-testid="wallet-dev.latchkey.testwallet"]')
        if (await row.count()) {
          await row.first().click()
          await page
            .waitForSelector('[data-testid="account-button"]', { timeout: 15_000 })
            .catch(() => undefined)
          await shot(page, `${name}-connected-modal`)
          await page.keyboard.press('Escape')
          await page.waitForTimeout(400)
          await page.click('[data-testid="pg-switch-bnb"]')
          await page
            .waitForFunction(
              () =>
                document
                  .querySelector('[data-testid="pg-log"]')
                  ?.textContent?.includes('switched 56'),
              undefined,
              { timeout: 10_000 },
            )
            .catch(() => undefined)
          await shot(page, `${name}-connected-page`)
          await page.click('[data-testid="account-button"]').catch(() => undefined)
          await page.waitForSelector(dialog, { timeout: 5_000 }).catch(() => undefined)
          await shot(page, `${name}-account`)
          await page.keyboard.press('Escape')
        }
        await page.goto(`${server.url}/?wallets=1000`)
        await page.waitForSelector(
          '[data-testid="connect-button"], [data-testid="account-button"]',
          { timeout: 15_000 },
        )
        await page.evaluate(() => {
          const pg = (
            window as unknown as { __latchkeyPlayground?: { open: (a: unknown) => void } }
          ).__latchkeyPlayground
          pg?.open({ view: 'AllWallets' })
        })
        await page.waitForSelector(dialog, { timeout: 10_000 }).catch(() => undefined)
        await shot(page, `${name}-allwallets`)
      } catch (error) {
        errors.push(`${name}: ${(error as Error).message}`)
        await shot(page, `${name}-failure`).catch(() => undefined)
      } finally {
        await browser.close()
      }
    }
  } finally {
    await server.stop()
    await Promise.all(anvils.map((node) => node.stop()))
  }
  for (const error of errors) process.stdout.write(`  ! ${error}\n`)
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
