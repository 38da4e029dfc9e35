/**
 * Screenshots of the Send views (issue 12) for a human to look at, dark and light, desktop and
 * mobile: `npx tsx bench/sendShots.ts [outDir] [--no-build]` → {outDir}/send-*.png (default
 * .bench/screenshots). An ERC-20 is deployed and minted on anvil; the pending status is shot with
 * automine off, then a block is mined for the confirmed one.
 */
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { parseUnits } from 'viem'
import { startAnvil } from '../test/harness/anvil'
import { anvilAccounts, createTokenDeployer } from '../test/harness/deployTokens'
import { startPlaygroundServer } from '../test/harness/playgroundServer'
import { forEachShotPage, prepareShots, repoRoot as repo } from './shotPages'

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const receiver = (anvilAccounts[1] as (typeof anvilAccounts)[number]).address

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
  const out = await prepareShots()
  const anvils = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 56 })])
  const rpc = Object.fromEntries(anvils.map((node) => [node.chainId, node.rpcUrl]))
  const rpc1 = rpc[1] as string
  const call = (method: string, params: unknown[] = []) =>
    fetch(rpc1, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
  const tokens = createTokenDeployer(rpc1, 1)
  const token = await tokens.deployErc20({ name: 'Latch Token', symbol: 'LTK' })
  await tokens.mintErc20(token, account, parseUnits('1000', 18))
  const server = await startPlaygroundServer({ root: join(repo, 'playground/dist'), rpc })
  try {
    await forEachShotPage(out, { prefix: 'send' }, async ({ page, theme, shot }) => {
      const url = `${server.url}/?theme=${theme}`
      await connect(page, url)
      await shot('account')
      await page.click('[data-testid="account-send"]')
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="send-balance"]')?.textContent?.includes('ETH'),
      )
      await shot('form-empty')
      await page.fill('[data-testid="send-amount"]', '2')
      await page.fill('[data-testid="send-receiver"]', receiver.replace('C5', 'c5'))
      await page.waitForSelector('[data-testid="send-receiver-error"]')
      await shot('form-invalid')
      await page.fill('[data-testid="send-amount"]', '20000')
      await page.fill('[data-testid="send-receiver"]', receiver)
      await page.waitForSelector('[data-testid="send-rule"][data-tone="error"]')
      await shot('form-insufficient')
      await page.click('[data-testid="send-token"]')
      await page.waitForSelector('[data-view="WalletSendSelectToken"]')
      await shot('select-token')
      await page.click('[data-testid="modal-back"]')
      await page.evaluate(
        (address) =>
          (
            window as unknown as {
              __latchkeyPlayground: { open(args: { view: string; data: unknown }): void }
            }
          ).__latchkeyPlayground.open({
            view: 'WalletSend',
            data: { token: { address, symbol: 'LTK', name: 'Latch Token', decimals: 18 } },
          }),
        token,
      )
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="send-balance"]')?.textContent?.includes('LTK'),
      )
      await page.fill('[data-testid="send-amount"]', '12.5')
      await page.fill('[data-testid="send-receiver"]', receiver)
      await page.waitForSelector('[data-testid="send-preview"]:not([disabled])')
      await shot('form-ready')
      await page.click('[data-testid="send-preview"]')
      await page.waitForSelector('[data-view="WalletSendPreview"]')
      await shot('preview')
      await call('evm_setAutomine', [false])
      try {
        await page.click('[data-testid="send-confirm"]')
        await page.waitForSelector('[data-testid="send-status"][data-state="pending"]')
        await shot('pending')
        await call('evm_mine')
      } finally {
        await call('evm_setAutomine', [true])
      }
      await page.waitForSelector('[data-testid="send-status"][data-state="confirmed"]')
      await shot('confirmed')
    })
  } finally {
    await server.stop()
    await Promise.all(anvils.map((node) => node.stop()))
  }
}

main()
  .catch((error: unknown) => console.error(error))
  .finally(() => process.exit(0))
