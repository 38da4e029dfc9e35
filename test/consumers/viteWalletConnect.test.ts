import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, test } from 'vitest'
import { launchBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import {
  byTestId,
  showAccountView,
  truncatedAccount,
  waitForText,
  waitForView,
} from '../harness/page'
import { type PlaygroundServer, startPlaygroundServer } from '../harness/playgroundServer'
import { devAccountKey } from '../wcwallet/fixtures'
import { startWcWallet, type WcWallet } from '../wcwallet/startWcWallet'
import { type PreparedFixture, prepareFixture } from './prepareFixture'
import { run } from './run'

// Issue 9 item 4: WalletConnect without AppKit. A Vite app installs the packed tarball with
// `@walletconnect/universal-provider@2.21.8` and the README's `overrides` block, builds, and
// pairs in Chromium through the loopback relay with the test wallet in Node.

const rpcUrls = inject('rpcUrls')
const relayUrl = inject('relayUrl')
/** The packages the README's `overrides` block pins (every one a session goes through). */
const pinned = [
  '@walletconnect/universal-provider',
  '@walletconnect/sign-client',
  '@walletconnect/core',
  '@walletconnect/types',
  '@walletconnect/utils',
]
let fixture: PreparedFixture | undefined
let server: PlaygroundServer | undefined
let wallet: WcWallet | undefined

afterAll(async () => {
  await wallet?.stop()
  await server?.stop()
  if (fixture) console.log(`[consumers] ${fixture.report()}`)
})

/** Every installed copy of a package under `node_modules`, nested ones included. */
function installedPackages(nodeModules: string): { name: string; version: string; path: string }[] {
  const found: { name: string; version: string; path: string }[] = []
  const visit = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir)) {
      if (entry.startsWith('.')) continue
      const names = entry.startsWith('@')
        ? readdirSync(join(dir, entry)).map((name) => `${entry}/${name}`)
        : [entry]
      for (const name of names) {
        const path = join(dir, name)
        const manifest = join(path, 'package.json')
        if (existsSync(manifest)) {
          const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }
          found.push({ name, version, path })
        }
        visit(join(path, 'node_modules'))
      }
    }
  }
  visit(nodeModules)
  return found
}

/** Every file under `dir`, relative paths. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix)).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry}` : entry
    return statSync(join(dir, rel)).isDirectory() ? filesUnder(dir, rel) : [rel]
  })
}

/** The pairing URI the QR view shows. */
async function shownUri(page: Page): Promise<string> {
  const view = page.locator('[data-wc-uri]')
  await view.first().waitFor({ state: 'attached', timeout: 20_000 })
  await expect
    .poll(async () => (await view.first().getAttribute('data-wc-uri')) ?? '', {
      timeout: 20_000,
    })
    .toMatch(/^wc:/)
  return (await view.first().getAttribute('data-wc-uri')) ?? ''
}

describe('consumer: Vite + React 19 + wagmi 3 + WalletConnect (universal-provider), from the packed tarball', () => {
  test('default: the installed tree has no @reown/appkit and only 2.21.8 WalletConnect cores', async () => {
    fixture = await prepareFixture('vite-walletconnect')
    const dir = fixture.dir
    const installed = installedPackages(join(dir, 'node_modules'))
    const walletConnect = installed.filter((pkg) => pkg.name.startsWith('@walletconnect/'))
    expect(walletConnect.map((pkg) => pkg.name)).toContain('@walletconnect/universal-provider')
    expect(installed.filter((pkg) => pkg.name.startsWith('@reown/'))).toEqual([])
    expect(walletConnect.filter((pkg) => pkg.name === '@walletconnect/ethereum-provider')).toEqual(
      [],
    )
    // One copy each, all 2.21.8 (no nested core of another version).
    const cores = walletConnect.filter((pkg) => pinned.includes(pkg.name))
    expect(cores.map((pkg) => `${pkg.name}@${pkg.version}`).sort()).toEqual(
      pinned.map((name) => `${name}@2.21.8`).sort(),
    )
    // npm agrees (its own view of the tree, nested copies included).
    const query = async (selector: string) =>
      (
        JSON.parse((await run('npm', ['query', selector], { cwd: dir })).stdout) as {
          name: string
          version: string
        }[]
      ).map((pkg) => `${pkg.name}@${pkg.version}`)
    expect(await query('[name^="@reown/"]')).toEqual([])
    expect(
      (await query('[name^="@walletconnect/"]'))
        .filter((id) => pinned.some((name) => id.startsWith(`${name}@`)))
        .sort(),
    ).toEqual(pinned.map((name) => `${name}@2.21.8`).sort())
  }, 900_000)

  test('default: typechecks and builds; no AppKit chunk in the output', async () => {
    if (!fixture) throw new Error('the fixture did not install (see the test above)')
    await fixture.script('typecheck')
    await fixture.script('build', {
      NODE_ENV: 'production',
      VITE_RPC_URL_1: String(rpcUrls[1]),
      VITE_RPC_URL_56: String(rpcUrls[56]),
      VITE_RELAY_URL: relayUrl,
    })
    const dist = join(fixture.dir, 'dist')
    const scripts = filesUnder(dist).filter((file) => file.endsWith('.js'))
    const appKit = scripts.filter(
      (file) =>
        /appkit|w3m|reown/i.test(file) ||
        /@reown\/appkit|w3m-modal|appkit/i.test(readFileSync(join(dist, file), 'utf8')),
    )
    expect(appKit).toEqual([])
    // The SDK is in a lazy chunk of its own, not the entry.
    const sdk = scripts.filter((file) =>
      readFileSync(join(dist, file), 'utf8').includes('wc_sessionPropose'),
    )
    expect(sdk.length).toBeGreaterThan(0)
    const kb = (file: string) => (statSync(join(dist, file)).size / 1024).toFixed(1)
    console.log(
      `[consumers] vite-walletconnect: ${scripts.length} JS files; WalletConnect chunk ${sdk.map((file) => `${file} ${kb(file)} kB`).join(', ')}`,
    )
  }, 600_000)

  test('behavior: pairs through the loopback relay, shows the account, disconnects; nothing off loopback', async () => {
    if (!fixture) throw new Error('the fixture did not build (see the tests above)')
    wallet = await startWcWallet({ relayUrl, rpcUrls, account: devAccountKey })
    server = await startPlaygroundServer({ root: join(fixture.dir, 'dist'), rpc: rpcUrls })
    // No injected wallet: WalletConnect is the way in.
    const browser = await launchBrowser({ wallet: false })
    const errors: string[] = []
    browser.context.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`)
    })
    try {
      const page = await browser.newPage()
      await page.goto(`${server.url}/`)
      await byTestId(page, 'connect-button').click()
      await waitForView(page, 'Connect')
      await byTestId(page, 'wallet-walletConnect').click()
      await waitForView(page, 'ConnectingWalletConnect')
      const uri = await shownUri(page)
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await wallet.pair(uri)
      await waitForText(byTestId(page, 'account-button'), truncatedAccount)
      const topic = wallet.sessions().at(-1)?.topic ?? ''
      expect(topic).toMatch(/^[0-9a-f]{64}$/)

      await showAccountView(page)
      await waitForText(byTestId(page, 'account-address'), truncatedAccount)
      await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')

      const deleted = wallet.waitForDelete(topic)
      await byTestId(page, 'disconnect').click()
      await byTestId(page, 'connect-button').waitFor({ state: 'visible', timeout: 15_000 })
      await deleted
      await page.waitForTimeout(300)
      expect([...errors, ...browser.pageErrors().map((e) => `pageerror: ${e}`)]).toEqual([])
      expect(browser.offLoopback()).toEqual([])
    } finally {
      await browser.close()
    }
  }, 120_000)
})
