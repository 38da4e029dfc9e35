/**
 * Screenshots of Farcaster login (issue 14) for a human to look at, dark and light, desktop and
 * mobile: `npx tsx bench/farcasterShots.ts [outDir] [--no-build]` → {outDir}/farcaster-*.png
 * (default .bench/screenshots). Farcaster's test world as `npm run dev` has it: anvil as chain 10
 * with the registry stand-ins, our relay, and the test client signing as @alice (or with a key
 * the registries do not know, for the failure).
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createLatchkeyServer } from '../server/createLatchkeyServer'
import { startAnvil } from '../test/harness/anvil'
import {
  farcasterTestAccounts,
  signInWithFarcaster,
  strangerKey,
} from '../test/harness/farcasterClient'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { startFarcasterChain } from '../test/harness/startFarcasterChain'
import { startFarcasterRelay } from '../test/harness/startFarcasterRelay'
import { forEachShotPage, prepareShots, repoRoot as repo } from './shotPages'

const view = '[data-lk-farcaster]'

async function openFarcaster(page: Page, shot: (name: string) => Promise<void>): Promise<string> {
  await page.click('[data-testid="connect-button"]')
  await page.waitForSelector('[data-testid="social-farcaster"]')
  await shot('connect')
  await page.click('[data-testid="social-farcaster"]')
  await page.waitForSelector(`${view}[data-status="waiting"]`)
  return (await page.getAttribute(view, 'data-farcaster-uri')) ?? ''
}

async function main() {
  const out = await prepareShots()
  const anvils = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
  const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
  const [chain, relay] = await Promise.all([startFarcasterChain(), startFarcasterRelay()])
  const latchkey = await createLatchkeyServer({
    host: '127.0.0.1',
    databaseUrl: ':memory:',
    chains: rpc,
    allowedOrigins: { '*': ['http://127.0.0.1:*'] },
    farcaster: { relayUrl: relay.url, rpcUrl: chain.rpcUrl, waitMs: 1_000, pollIntervalMs: 100 },
    rateLimits: { socialStartsPerAddress: { limit: 1_000, windowMs: 60_000 } },
  })
  const listening = await latchkey.listen({ port: 0 })
  const frame = `http://127.0.0.1:${listening.port}/frame`
  const server = await startPlaygroundServer({ root: join(repo, 'playground/dist'), rpc })
  const sign = (uri: string, tamper?: { signer: typeof strangerKey }) =>
    signInWithFarcaster(uri, {
      account: farcasterTestAccounts.alice,
      relayKey: relay.relayKey,
      tamper,
    })
  try {
    await forEachShotPage(out, { prefix: 'farcaster' }, async ({ page, theme, shot }) => {
      const url = `${server.url}/?${new URLSearchParams({ theme, frame, socials: '1' })}`
      await page.goto(url)
      await page.evaluate(() => localStorage.clear())
      await page.goto(url)
      const uri = await openFarcaster(page, shot)
      await page.waitForSelector('[data-lk-qr][data-state="ready"], [data-lk-connecting-icon]')
      await shot('waiting')
      await sign(uri, { signer: strangerKey })
      await page.waitForSelector(`${view}[data-status="error"]`)
      await shot('error')
      await page.click('[data-testid="farcaster-retry"]')
      await page.waitForSelector(`${view}[data-status="waiting"]`)
      await sign((await page.getAttribute(view, 'data-farcaster-uri')) ?? '')
      await page.waitForSelector('[data-view="Account"] [data-testid="account-social"]')
      await shot('account')
      await page.click('[data-testid="modal-back"]').catch(() => undefined)
    })
  } finally {
    await server.stop()
    await latchkey.close()
    await relay.close()
    await chain.stop()
    await Promise.all(anvils.map((node) => node.stop()))
  }
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
