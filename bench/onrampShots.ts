/**
 * Screenshots of the Buy with card views (issue 15) for a human to look at, dark and light,
 * desktop and mobile: `npx tsx bench/onrampShots.ts [outDir] [--no-build]` → {outDir}/onramp-*.png
 * (default .bench/screenshots). An in-process Latchkey server with the on-ramp sandbox (ETH and
 * the swap lab's USDL on the chain-1 anvil), as `npm run dev` has it; the sandbox's card page in
 * its popup is shot too.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { devOnrampOption } from '../scripts/devOnramp'
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

/** Clicks a provider's quote; the card page in the popup it opened. */
async function startPurchase(page: Page, amount: string): Promise<Page> {
  await page.fill('[data-testid="send-amount"]', amount)
  await page.waitForSelector('[data-testid="onramp-provider-sandbox"]')
  const popup = page.waitForEvent('popup')
  await page.click('[data-testid="onramp-provider-sandbox"]')
  const card = await popup
  await card.waitForURL(/\/onramp\/sandbox\//)
  await page.waitForSelector('[data-view="BuyInProgress"]')
  return card
}

async function pay(card: Page, number: string) {
  await card.fill('#card', number)
  await card.fill('#expiry', '12 / 34')
  await card.fill('#cvc', '123')
  await card.click('button[type="submit"]')
}

async function main() {
  const out = await prepareShots()
  const anvils = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
  const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
  const lab = await startDevSwapLab(rpc[1] as string)
  const latchkey = await createLatchkeyServer({
    host: '127.0.0.1',
    databaseUrl: ':memory:',
    chains: rpc,
    onramp: await devOnrampOption(lab.lab),
    rateLimits: { onrampPerAddress: { limit: 10_000, windowMs: 60_000 } },
  })
  const listening = await latchkey.listen({ port: 0 })
  const server = await startPlaygroundServer({ root: join(repo, 'playground/dist'), rpc })
  try {
    await forEachShotPage(out, { prefix: 'onramp' }, async ({ page, theme, shot }) => {
      await page.emulateMedia({ colorScheme: theme })
      await connect(
        page,
        `${server.url}/?theme=${theme}&onramp=${encodeURIComponent(listening.url)}`,
      )
      await page.waitForSelector('[data-testid="account-buy"]')
      await shot('account')
      await page.click('[data-testid="account-buy"]')
      await page.waitForSelector('[data-testid="onramp-provider-sandbox-express"]')
      await shot('providers')
      await page.fill('[data-testid="send-amount"]', '10')
      await page.waitForSelector('[data-testid="onramp-quote-error"]')
      await shot('providers-limits')
      await page.click('[data-testid="onramp-currency"]')
      await page.waitForSelector('[data-view="OnRampFiatSelect"]')
      await shot('fiat-select')
      await page.click('[data-testid="onramp-currency-EUR"]')
      await page.click('[data-testid="onramp-token"]')
      await page.waitForSelector('[data-view="OnRampTokenSelect"]')
      await shot('token-select')
      await page.click('[data-testid="onramp-token-ETH"]')
      await page.waitForSelector('[data-view="OnRampProviders"]')
      await page.click('[data-testid="onramp-country"]')
      await page.waitForSelector('[data-view="OnRampCountrySelect"]')
      await shot('country-select')
      await page.click('[data-testid="onramp-country-GB"]')
      await page.waitForSelector('[data-testid="onramp-country"]:has-text("United Kingdom")')
      await page.fill('[data-testid="send-amount"]', '100')
      await page.waitForSelector('[data-testid="onramp-provider-sandbox-express"]')
      await shot('providers-country')
      const card = await startPurchase(page, '250')
      await shot('in-progress')
      await card.screenshot({ path: join(out, `onramp-${theme}-card-page.png`) })
      await pay(card, '4242 4242 4242 4242')
      await page.waitForSelector('[data-testid="buy-in-progress"][data-state="completed"]')
      await shot('success')
      await card.screenshot({ path: join(out, `onramp-${theme}-card-approved.png`) })
      await card.close()
      await page.click('[data-testid="buy-done"]')
      await page.click('[data-testid="account-buy"]')
      const declined = await startPurchase(page, '100')
      await pay(declined, '4000 0000 0000 0002')
      await page.waitForSelector('[data-testid="buy-in-progress"][data-state="failed"]')
      await shot('failed')
      await declined.screenshot({ path: join(out, `onramp-${theme}-card-declined.png`) })
      await declined.close()
      await page.click('[data-testid="buy-done"]')
      await page.click('[data-testid="account-network"]')
      await page.click('[data-testid="network-eip155:56"]')
      await page.waitForSelector('[data-view="Account"]')
      await page.click('[data-testid="account-buy"]')
      await page.waitForSelector('[data-testid="onramp-unsupported"]')
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
