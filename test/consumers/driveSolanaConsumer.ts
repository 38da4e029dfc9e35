import type { Address } from '@solana/kit'
import { launchBrowser } from '../harness/browser'
import { byTestId, showAccountView, waitForText, waitForView } from '../harness/page'
import { SOL } from '../solana/solanaRpc.fixture'
import type { SolanaRpc } from '../solana/startSolanaRpc'
import { buildSolanaTestWalletScript } from '../solana/testWallet/buildSolanaTestWallet'

/** What a consumer page did while {@link driveSolanaConsumer} drove it. */
export interface SolanaConsumerRun {
  /** Console errors and uncaught page errors, in order. */
  errors: string[]
  /** Requests the loopback guard stopped. */
  offLoopback: string[]
}

const walletName = 'Latchkey Solana Test Wallet'

/**
 * Drives a built consumer page that renders `<SolanaProvider>` over the `Solana Local` cluster
 * (`solana`), with the Solana test wallet injected as an extension would be: the wallet gets 3 SOL,
 * the visitor connects it from the modal, sees the balance on the button and Account, and reloads
 * (the wallet reconnects silently). Asserts each step; returns what the caller asserts empty.
 */
export async function driveSolanaConsumer(
  url: string,
  solana: SolanaRpc,
): Promise<SolanaConsumerRun> {
  const browser = await launchBrowser()
  const errors: string[] = []
  browser.context.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  try {
    await browser.context.addInitScript({
      content: `window.__latchkeySolanaTestWallet = { rpcUrl: ${JSON.stringify(solana.url)} }`,
    })
    await browser.context.addInitScript({ content: await buildSolanaTestWalletScript() })
    const page = await browser.newPage()
    await page.goto(url)
    await page.waitForFunction(() => window.__latchkeySolanaTestWalletControl !== undefined)
    const address = await page.evaluate(
      () => window.__latchkeySolanaTestWalletControl?.address() ?? '',
    )
    await solana.airdrop(address as Address, 3n * SOL)
    const truncated = `${address.slice(0, 4)}…${address.slice(-6)}`

    await byTestId(page, 'connect-button').click()
    await waitForView(page, 'Connect')
    const row = byTestId(page, `solana-wallet-${walletName}`)
    await waitForText(row, 'Installed')
    await row.click()
    await waitForView(page, undefined)
    const button = byTestId(page, 'account-button')
    await waitForText(button, truncated)
    await waitForText(button, '3.000 SOL')
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-balance'), '3.000 SOL')
    await waitForText(byTestId(page, 'account-cluster'), 'Solana Local')

    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncated)
    await waitForText(byTestId(page, 'account-button'), '3.000 SOL')
    // Late errors (a failed read, hydration) surface within a moment of the page settling.
    await page.waitForTimeout(300)
    return {
      errors: [...errors, ...browser.pageErrors().map((e) => `pageerror: ${e}`)],
      offLoopback: browser.offLoopback(),
    }
  } finally {
    await browser.close()
  }
}
