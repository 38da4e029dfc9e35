/**
 * Screenshots of every modal view for a human to look at (not part of `npm run bench`), in dark
 * and light, desktop and mobile: `npx tsx bench/screenshots.ts [--no-build] [--only=email,security]` →
 * .bench/screenshots/{theme}-{viewport}-{view}.png
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { build as viteBuild } from 'vite'
import { startAnvil } from '../test/harness/anvil'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { startTestServer } from '../test/harness/startTestServer'
import type { WalletFaults } from '../test/harness/walletFaults'
import { startRelay } from '../test/relay/startRelay'
import { launchBenchBrowser } from './browser'
import { embeddedShots } from './embeddedShots'
import { recoveryShots } from './recoveryShots'

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'

const repo = fileURLToPath(new URL('..', import.meta.url))
const out = join(repo, '.bench/screenshots')
const dialog = '[data-latchkey][role="dialog"][data-state="open"]'
const walletRow = '[data-testid="wallet-dev.latchkey.testwallet"]'

const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
}
const themes = ['dark', 'light'] as const

async function setFaults(page: Page, faults: WalletFaults) {
  await page.evaluate((f) => {
    ;(window as unknown as { __latchkeyTestWallet: WalletFaults }).__latchkeyTestWallet = f
  }, faults)
}

async function fresh(page: Page, url: string) {
  await page.goto(url)
  await page.evaluate(() => localStorage.clear())
  await page.goto(url)
  await page.waitForSelector('[data-testid="connect-button"]', { timeout: 15_000 })
}

async function shotsFor(
  page: Page,
  base: string,
  prefix: string,
  errors: string[],
  embedded?: Omit<Parameters<typeof embeddedShots>[2], 'shot' | 'step'> & {
    frameUrl: string
    /** A `custody: 'sealed'` server's frame: the recovery setup after login. */
    sealedFrameUrl: string
    sealedSink: Parameters<typeof embeddedShots>[2]['sink']
  },
) {
  const shot = async (name: string) => {
    await page.waitForTimeout(450)
    await page.screenshot({ path: join(out, `${prefix}-${name}.png`) })
    process.stdout.write(`  ${prefix}-${name}.png\n`)
  }
  const step = async (name: string, run: () => Promise<void>) => {
    // `--only=email,security`: only the steps whose names start so (and those they need).
    if (only && !only.some((part) => name.startsWith(part))) return
    try {
      await run()
    } catch (error) {
      errors.push(`${prefix}-${name}: ${(error as Error).message.split('\n')[0]}`)
      await shot(`${name}-failure`).catch(() => undefined)
    }
  }

  await step('connect', async () => {
    await fresh(page, base)
    await page.click('[data-testid="connect-button"]')
    await page.waitForSelector(dialog)
    await shot('connect')
  })
  await step('walletconnect', async () => {
    await page.click('[data-testid="wallet-walletConnect"]')
    await page.waitForSelector(
      '[data-view="ConnectingWalletConnect"] [data-lk-qr][data-state="ready"]',
    )
    await shot('walletconnect')
  })
  await step('walletconnect-basic', async () => {
    await fresh(page, base)
    await page.evaluate(() => {
      const pg = (window as unknown as { __latchkeyPlayground?: { open: (a: unknown) => void } })
        .__latchkeyPlayground
      pg?.open({ view: 'ConnectingWalletConnectBasic' })
    })
    await page.waitForSelector(
      '[data-view="ConnectingWalletConnectBasic"] [data-lk-qr][data-state="ready"]',
    )
    await shot('walletconnect-basic')
    await fresh(page, base)
    await page.click('[data-testid="connect-button"]')
    await page.waitForSelector(dialog)
  })
  await step('connecting', async () => {
    await setFaults(page, { connect: 'hang' })
    await page.click(walletRow)
    await page.waitForSelector('[data-view="ConnectingExternal"]')
    await shot('connecting')
  })
  await step('connecting-error', async () => {
    await fresh(page, base)
    await setFaults(page, { prompts: 'reject' })
    await page.click('[data-testid="connect-button"]')
    await page.click(walletRow)
    await page.waitForSelector('[role="alert"]')
    await shot('connecting-error')
    await setFaults(page, {})
    await page.click('[data-testid="retry"]')
    await page.waitForSelector('[data-testid="account-button"]', { timeout: 15_000 })
  })
  await step('account', async () => {
    await page.click('[data-testid="account-button"]')
    await page.waitForSelector('[data-view="Account"]')
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="account-balance"]')?.textContent?.includes('ETH'),
    )
    await shot('account')
    for (const tab of ['NFTs', 'Activity']) {
      await page.getByRole('tab', { name: tab }).click()
      await shot(`account-${tab.toLowerCase()}`)
    }
    await page.getByRole('tab', { name: 'Tokens' }).click()
  })
  await step('toast', async () => {
    await page.click('[data-testid="copy-address"]')
    await page.waitForSelector('[data-testid="toast"]')
    await shot('toast')
  })
  await step('networks', async () => {
    await page.click('[data-testid="account-network"]')
    await page.waitForSelector('[data-view="Networks"]')
    await shot('networks')
    await page.keyboard.press('Escape')
  })
  await step('unsupported', async () => {
    await page.evaluate(() => {
      const w = window as unknown as {
        __latchkeyTestWalletControl: { emit(e: string, ...a: unknown[]): void }
      }
      w.__latchkeyTestWalletControl.emit('chainChanged', '0xa')
    })
    await page.waitForSelector('[data-view="UnsupportedChain"]', { timeout: 10_000 })
    await shot('unsupported')
  })
  await step('siwx', async () => {
    await fresh(page, `${base}&siwx=optional`)
    await page.click('[data-testid="connect-button"]')
    await page.click(walletRow)
    await page.waitForSelector('[data-view="SIWXSignMessage"]')
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="siwx-message"]')?.textContent?.includes('Nonce'),
    )
    await shot('siwx')
    await page.click('[data-lk-siwx-details] summary')
    await shot('siwx-message')
    await page.click('[data-lk-siwx-details] summary')
    await setFaults(page, { prompts: 'reject' })
    await page.click('[data-testid="siwx-sign"]')
    await page.waitForSelector('[data-lk-siwx-error]')
    await shot('siwx-error')
  })
  await step('allwallets', async () => {
    await fresh(page, `${base}&wallets=1000`)
    await page.evaluate(() => {
      const pg = (window as unknown as { __latchkeyPlayground?: { open: (a: unknown) => void } })
        .__latchkeyPlayground
      pg?.open({ view: 'AllWallets' })
    })
    await page.waitForSelector('[data-view="AllWallets"]')
    await shot('allwallets')
    await page.fill('[data-testid="wallet-search"]', 'wallet 12')
    await shot('allwallets-search')
    await page.fill('[data-testid="wallet-search"]', 'zzzz')
    await shot('allwallets-empty')
  })
  if (embedded) {
    const frame = `${base}&frame=${encodeURIComponent(embedded.frameUrl)}`
    await embeddedShots(page, frame, { ...embedded, shot, step })
    const sealed = `${base}&frame=${encodeURIComponent(embedded.sealedFrameUrl)}`
    await recoveryShots(page, sealed, {
      shot,
      step,
      sink: embedded.sealedSink,
      email: embedded.email,
    })
  }
}

async function main() {
  mkdirSync(out, { recursive: true })
  if (!process.argv.includes('--no-build')) {
    await viteBuild({ configFile: join(repo, 'playground/vite.config.ts'), logLevel: 'warn' })
  }
  const anvils = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
  const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
  const relay = await startRelay()
  const server = await startPlaygroundServer({
    root: join(repo, 'playground/dist'),
    rpc,
    relay: relay.url,
  })
  // Email login: a Latchkey server (temp SQLite, SMTP sink) on another port of 127.0.0.1 (another
  // origin; the playground's CSP frames only 127.0.0.1 and *.test, not localhost).
  const latchkey = await startTestServer({
    allowedOrigins: { '*': ['http://127.0.0.1:*'] },
    now: () => Date.now(),
    rateLimits: {
      codesPerEmail: { limit: 100, windowMs: 600_000 },
      codesPerAddress: { limit: 100, windowMs: 600_000 },
      checksPerAddress: { limit: 100, windowMs: 600_000 },
    },
    // "Ways to sign in" offers the providers the server names; nothing is contacted unless a
    // login starts (none does here).
    social: {
      providers: {
        google: { clientId: 'bench', clientSecret: 'bench', issuer: 'http://127.0.0.1:9' },
        github: { clientId: 'bench', clientSecret: 'bench' },
      },
    },
    farcaster: { relayUrl: 'http://127.0.0.1:9', rpcUrl: 'http://127.0.0.1:9' },
  })
  const frameUrl = `http://127.0.0.1:${new URL(latchkey.url).port}/frame`
  // The recovery setup after login: a server whose project seals its wallets.
  const sealed = await startTestServer({
    allowedOrigins: { '*': ['http://127.0.0.1:*'] },
    now: () => Date.now(),
    custody: 'sealed',
  })
  const sealedFrameUrl = `http://127.0.0.1:${new URL(sealed.url).port}/frame`
  const errors: string[] = []
  try {
    for (const theme of themes) {
      for (const [name, viewport] of Object.entries(viewports)) {
        const browser = await launchBenchBrowser(viewport)
        const page = await browser.page()
        page.setDefaultTimeout(10_000)
        page.on('pageerror', (error) => errors.push(`${theme}-${name}: ${error.message}`))
        try {
          await shotsFor(page, `${server.url}/?theme=${theme}`, `${theme}-${name}`, errors, {
            frameUrl,
            sealedFrameUrl,
            sealedSink: sealed.sink,
            sink: latchkey.sink,
            email: `${theme}-${name}@example.com`,
          })
        } finally {
          if (browser.offLoopback.length) errors.push(`off loopback: ${browser.offLoopback}`)
          await browser.close()
        }
      }
    }
  } finally {
    await latchkey.close()
    await sealed.close()
    await server.stop()
    await relay.stop()
    await Promise.all(anvils.map((node) => node.stop()))
  }
  for (const error of errors) process.stdout.write(`  ! ${error}\n`)
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
