/**
 * Screenshots of the Solana wallets wagmi's connectors bring (issue 13, ninth part), dark and
 * light, desktop and mobile: `npx tsx bench/solanaLinkedShots.ts [outDir] [--no-build]` →
 * {outDir}/solana-linked-*.png (default .bench/screenshots): Connect's Solana list with
 * WalletConnect, its QR view, Account of the email wallet's Solana account after the switch, and
 * Connect's Solana list with the email wallet while signed in.
 */
import { join } from 'node:path'
import { startAnvil } from '../test/harness/anvil'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { startTestServer } from '../test/harness/startTestServer'
import { startRelay } from '../test/relay/startRelay'
import { startSolanaRpc } from '../test/solana/startSolanaRpc'
import { forEachShotPage, prepareShots, repoRoot as repo } from './shotPages'

async function main() {
  const out = await prepareShots()
  const anvil = await startAnvil({ chainId: 1 })
  const solana = await startSolanaRpc({ slotMs: 50 })
  const relay = await startRelay()
  const server = await startPlaygroundServer({
    root: join(repo, 'playground/dist'),
    rpc: { [anvil.chainId]: anvil.rpcUrl },
    relay: relay.url,
  })
  const latchkey = await startTestServer({
    allowedOrigins: { '*': ['http://127.0.0.1:*'] },
    solanaClusters: { localnet: solana.url },
    now: () => Date.now(),
  })
  const frameUrl = `${latchkey.url.replace(/\/$/, '')}/frame`
  let visitor = 0
  try {
    await forEachShotPage(out, { prefix: 'solana-linked' }, async ({ page, theme, shot }) => {
      const query = new URLSearchParams({ theme, solana: solana.url, solanaWallet: '0' })
      query.set('frame', frameUrl)
      await page.goto(`${server.url}/?${query}`)
      await page.click('[data-testid="connect-button"]')
      await page.waitForSelector('[data-testid="solana-wallet-walletConnect"]')
      await shot('connect')
      await page.click('[data-testid="solana-wallet-walletConnect"]')
      await page.waitForSelector('[data-view="ConnectingSolanaWalletConnect"] [data-wc-uri]')
      await shot('walletconnect-qr')
      await page.click('[data-testid="modal-back"]')

      const email = `shots-${theme}-${visitor++}@example.com`
      const after = latchkey.sink.mails.length
      await page.fill('[data-testid="email-input"]', email)
      await page.click('[data-testid="email-input-submit"]')
      const code = await latchkey.sink.waitForCode(email, { after, timeoutMs: 15_000 })
      await page.click('[data-testid="otp-digit-0"]')
      await page.keyboard.type(code)
      await page.waitForSelector('[data-view="Account"] [data-testid="account-email"]')
      await page.click('[data-testid="namespace-solana"]')
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="account-balance"]')?.textContent?.includes('SOL'),
      )
      await shot('embedded-account')
      await page.click('[data-testid="namespace-eip155"]')
      await page.evaluate(() => window.__latchkeySolana?.disconnect())
      await page.evaluate(() => window.__latchkeyPlayground?.open({ view: 'Connect' }))
      await page.waitForSelector('[data-testid="solana-wallet-embedded"]')
      await shot('connect-signed-in')
    })
  } finally {
    await latchkey.close()
    await server.stop()
    await relay.stop()
    await solana.stop()
    await anvil.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
