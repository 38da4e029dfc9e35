/**
 * Screenshots of the modal's Solana views (issue 13) for a human to look at, dark and light,
 * desktop and mobile: `npx tsx bench/solanaShots.ts [outDir] [--no-build]` →
 * {outDir}/solana-*.png (default .bench/screenshots): Connect with the Solana wallet, Account,
 * Send (a rule, filled, declined), Sent, and the sign-in prompt for the Solana account.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Address } from '@solana/kit'
import { build as viteBuild } from 'vite'
import { startAnvil } from '../test/harness/anvil'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { SOL } from '../test/solana/solanaRpc.fixture'
import { startSolanaRpc } from '../test/solana/startSolanaRpc'
import { launchBenchBrowser } from './browser'

process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true'

const repo = fileURLToPath(new URL('..', import.meta.url))
const out = resolve(
  process.argv.slice(2).find((a) => !a.startsWith('--')) ?? join(repo, '.bench/screenshots'),
)
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } }
const receiver = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'

async function main() {
  mkdirSync(out, { recursive: true })
  if (!process.argv.includes('--no-build'))
    await viteBuild({ configFile: join(repo, 'playground/vite.config.ts'), logLevel: 'warn' })
  const anvil = await startAnvil({ chainId: 1 })
  const solana = await startSolanaRpc({ slotMs: 50 })
  const server = await startPlaygroundServer({
    root: join(repo, 'playground/dist'),
    rpc: { [anvil.chainId]: anvil.rpcUrl },
  })
  try {
    for (const theme of ['dark', 'light']) {
      for (const [name, viewport] of Object.entries(viewports)) {
        const browser = await launchBenchBrowser(viewport)
        const page = await browser.page()
        page.setDefaultTimeout(15_000)
        const shot = async (view: string) => {
          await page.waitForTimeout(450)
          const path = join(out, `solana-${theme}-${name}-${view}.png`)
          await page.screenshot({ path })
          process.stdout.write(`  ${path}\n`)
        }
        const url = `${server.url}/?theme=${theme}&solana=${encodeURIComponent(solana.url)}`
        try {
          await page.goto(url)
          await page.evaluate(() => localStorage.clear())
          await page.goto(url)
          await page.waitForFunction(() => window.__latchkeySolanaTestWalletControl !== undefined)
          const address = await page.evaluate(
            () => window.__latchkeySolanaTestWalletControl?.address() ?? '',
          )
          await solana.airdrop(address as Address, 2n * SOL)
          await page.click('[data-testid="connect-button"]')
          await page.waitForSelector('[data-testid^="solana-wallet-"]')
          await shot('connect')
          await page.click('[data-testid^="solana-wallet-"]')
          await page.waitForSelector('[data-testid="account-button"]')
          await page.click('[data-testid="account-button"]')
          await page.waitForFunction(() =>
            document.querySelector('[data-testid="account-balance"]')?.textContent?.includes('SOL'),
          )
          await shot('account')
          await page.click('[data-testid="account-send"]')
          await page.waitForSelector('[data-view="SolanaSend"] [data-testid="send-amount"]')
          await shot('send-empty')
          await page.fill('[data-testid="send-amount"]', '0.25')
          await page.fill('[data-testid="send-receiver"]', '0x1234')
          await shot('send-invalid')
          await page.fill('[data-testid="send-receiver"]', receiver)
          await shot('send-ready')
          await page.evaluate(() => {
            window.__latchkeySolanaTestWallet = {
              ...window.__latchkeySolanaTestWallet,
              faults: { signAndSendTransaction: 'reject' },
            }
          })
          await page.click('[data-testid="send-confirm"]')
          await page.waitForSelector('[data-testid="send-error"]')
          await shot('send-declined')
          await page.evaluate(() => {
            window.__latchkeySolanaTestWallet = { ...window.__latchkeySolanaTestWallet, faults: {} }
          })
          await page.click('[data-testid="send-confirm"]')
          await page.waitForSelector('[data-testid="send-done"]')
          await shot('sent')
          // sign-in with the Solana account (a fresh page with ?siwx=optional)
          const signInUrl = `${url}&siwx=optional`
          await page.goto(signInUrl)
          await page.evaluate(() => localStorage.clear())
          await page.goto(signInUrl)
          await page.click('[data-testid="connect-button"]')
          await page.click('[data-testid^="solana-wallet-"]')
          await page.waitForSelector('[data-view="SIWXSignMessage"] [data-testid="siwx-message"]', {
            state: 'attached',
          })
          await shot('siwx')
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
    await solana.stop()
    await anvil.stop()
  }
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
