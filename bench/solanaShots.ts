/**
 * Screenshots of the modal's Solana views (issue 13) for a human to look at, dark and light,
 * desktop and mobile: `npx tsx bench/solanaShots.ts [outDir] [--no-build]` →
 * {outDir}/solana-*.png (default .bench/screenshots): Connect with the Solana wallet (and, on
 * mobile without one, the links to Phantom and Coinbase Wallet), Account,
 * the cluster list its pill opens,
 * Send (a rule, filled, declined), Sent, Send for SPL tokens (the token list, a new receiver
 * account's rent, Sent with the rent, the same receiver again without it, a Token-2022 mint it
 * refuses), and the sign-in prompt for the Solana account.
 */
import { join } from 'node:path'
import { type Address, generateKeyPairSigner } from '@solana/kit'
import { startAnvil } from '../test/harness/anvil'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { SOL } from '../test/solana/solanaRpc.fixture'
import { startSolanaRpc } from '../test/solana/startSolanaRpc'
import { TOKEN_2022_PROGRAM_ADDRESS } from '../test/solana/tokens'
import { forEachShotPage, prepareShots, repoRoot as repo } from './shotPages'

const receiver = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'

async function main() {
  const out = await prepareShots()
  const anvil = await startAnvil({ chainId: 1 })
  const solana = await startSolanaRpc({ slotMs: 50 })
  // a second cluster: Account's cluster pill opens the list of both
  const solanaB = await startSolanaRpc({ slotMs: 50 })
  const server = await startPlaygroundServer({
    root: join(repo, 'playground/dist'),
    rpc: { [anvil.chainId]: anvil.rpcUrl },
  })
  try {
    await forEachShotPage(out, { prefix: 'solana' }, async ({ page, theme, viewport, shot }) => {
      const clusters = `solana=${encodeURIComponent(solana.url)}&solanaB=${encodeURIComponent(solanaB.url)}`
      const url = `${server.url}/?theme=${theme}&${clusters}`
      // a phone with no Solana wallet in the page: Connect links to Phantom and Coinbase Wallet
      if (viewport === 'mobile') {
        await page.goto(`${url}&solanaWallet=0`)
        await page.click('[data-testid="connect-button"]')
        await page.waitForSelector('[data-testid="solana-link-coinbase"]')
        await shot('connect-links')
      }
      await page.goto(url)
      await page.evaluate(() => localStorage.clear())
      await page.goto(url)
      await page.waitForFunction(() => window.__latchkeySolanaTestWalletControl !== undefined)
      const address = await page.evaluate(
        () => window.__latchkeySolanaTestWalletControl?.address() ?? '',
      )
      await solana.airdrop(address as Address, 2n * SOL)
      const usd = await solana.createMint({ decimals: 6 })
      await solana.mintSplToken({ ...usd, owner: address as Address, amount: 2_500_000n })
      const fees = await solana.createMint({
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
        extensions: ['transferFee'],
      })
      await solana.mintSplToken({ ...fees, owner: address as Address, amount: 1_000_000n })
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
      await page.click('[data-testid="account-cluster"]')
      await page.waitForSelector('[data-view="SolanaClusters"] [data-testid="cluster-localnet-b"]')
      await shot('clusters')
      await page.click('[data-testid="modal-back"]')
      await page.waitForSelector('[data-view="Account"] [data-testid="account-send"]')
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
      await page.waitForSelector('[data-testid="send-status"][data-state="confirmed"]')
      await shot('sent')
      // an SPL token to an address with no account for it, then to the same address again
      await page.click('[data-testid="send-again"]')
      await page.click('[data-testid="send-token"]')
      await page.waitForSelector(`[data-testid="send-token-amount-${usd.mint}"]`)
      await shot('send-token-picker')
      await page.click(`[data-testid="send-token-${usd.mint}"]`)
      const splReceiver = (await generateKeyPairSigner()).address
      await page.fill('[data-testid="send-amount"]', '1.5')
      await page.fill('[data-testid="send-receiver"]', splReceiver)
      await page.waitForSelector('[data-testid="send-rent"]')
      await shot('send-spl-rent')
      await page.click('[data-testid="send-confirm"]')
      await page.waitForSelector('[data-testid="send-status"][data-state="confirmed"]')
      await shot('sent-spl')
      await page.click('[data-testid="send-again"]')
      await page.fill('[data-testid="send-amount"]', '0.25')
      await page.fill('[data-testid="send-receiver"]', splReceiver)
      await page.waitForSelector('[data-testid="send-confirm"]:not([disabled])')
      await shot('send-spl-existing')
      await page.click('[data-testid="send-token"]')
      await page.click(`[data-testid="send-token-${fees.mint}"]`)
      await page.waitForSelector('[data-testid="send-rule"]')
      await shot('send-spl-unsupported')
      // SOL under the cluster's rent rule: too little to open the receiver's account
      await page.click('[data-testid="send-token"]')
      await page.click('[data-testid="send-token-SOL"]')
      await page.fill('[data-testid="send-amount"]', '0.0005')
      await page.fill('[data-testid="send-receiver"]', (await generateKeyPairSigner()).address)
      await page.waitForSelector('[data-testid="send-rule"][data-tone="error"]')
      await shot('send-rent-minimum')
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
    })
  } finally {
    await server.stop()
    await solana.stop()
    await solanaB.stop()
    await anvil.stop()
  }
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
