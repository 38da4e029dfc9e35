import { type Address, getBase58Decoder } from '@solana/kit'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { axeScan } from '../harness/browser'
import { decodePng } from '../harness/decodePng'
import { decodeQr, readQrImage } from '../harness/decodeQr'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  modal,
  openPlayground,
  showAccountView,
  testWalletRow,
  truncatedAccount,
  waitForText,
  waitForView,
} from '../harness/page'
import { SOL } from '../solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'

// Issue 13, the modal: the playground with a <SolanaProvider> (`?solana=<rpc>`) over the litesvm
// RPC on loopback, and the Wallet Standard test wallet in the page. Connect it from the modal,
// see SOL and SPL balances on Account, Receive, then an EVM wallet beside it: both stay
// connected and the namespace switch shows either.
const walletName = 'Latchkey Solana Test Wallet'
const e2e = setupE2e()
let solana: SolanaRpc

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 50 })
})
afterAll(async () => {
  await solana?.stop()
})

const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

async function solanaWalletAddress(page: Page): Promise<string> {
  await page.waitForFunction(() => window.__latchkeySolanaTestWalletControl !== undefined)
  return page.evaluate(() => window.__latchkeySolanaTestWalletControl?.address() ?? '')
}

async function connectSolanaFromModal(page: Page) {
  await byTestId(page, 'connect-button').click()
  await waitForView(page, 'Connect')
  const row = byTestId(page, `solana-wallet-${walletName}`)
  await waitForText(row, '(Solana)')
  await waitForText(row, 'Installed')
  await row.click()
  // as after an EVM connect, the modal closes on success
  await waitForView(page, undefined)
}

describe('Solana in the modal', () => {
  test('default: connect the Solana test wallet from Connect, see SOL and SPL balances, Receive shows its address', async () => {
    const { page, url } = e2e()
    await openPlayground(page, `${url}?solana=${encodeURIComponent(solana.url)}`)
    const address = await solanaWalletAddress(page)
    await solana.airdrop(address as Address, 2n * SOL)
    const usd = await solana.createMint({ decimals: 6 })
    await solana.mintSplToken({ ...usd, owner: address as Address, amount: 2_500_000n })

    await connectSolanaFromModal(page)
    const button = byTestId(page, 'account-button')
    await waitForText(button, truncate(address))
    await waitForText(button, 'Solana Local')
    await waitForText(button, '2.000 SOL')
    expect(await button.getAttribute('data-namespace')).toBe('solana')

    await showAccountView(page)
    await waitForText(byTestId(page, 'account-address'), truncate(address))
    await waitForText(byTestId(page, 'account-balance'), '2.000 SOL')
    await waitForText(byTestId(page, `token-amount-${usd.mint}`), '2.500')
    await waitForText(byTestId(page, 'account-cluster'), 'Solana Local')
    expect(await byTestId(page, 'namespace-solana').getAttribute('aria-pressed')).toBe('true')
    expect(await axeScan(page)).toEqual([])

    await byTestId(page, 'account-receive').click()
    await waitForView(page, 'SolanaReceive')
    const qr = modal(page).getByRole('img', { name: 'QR code of your address' })
    await qr.waitFor({ state: 'visible' })
    const image = decodePng(await qr.screenshot())
    expect(decodeQr(readQrImage(image.rgba, image.width, image.height))).toBe(address)
    await waitForText(byTestId(page, 'receive-address'), address)
    expect(await axeScan(page)).toEqual([])

    // a reload: the wallet reconnects silently and the button shows its balance again
    await page.reload()
    await waitForText(button, truncate(address))
    await waitForText(button, '2.000 SOL')
  })

  test('behavior: the cluster pill lists the configured clusters; a pick switches Account to its balance and the wallet stays connected', async () => {
    // a second litesvm cluster on loopback, holding another balance for the same address
    const second = await startSolanaRpc({ slotMs: 50 })
    try {
      const { page, url } = e2e()
      const query = `solana=${encodeURIComponent(solana.url)}&solanaB=${encodeURIComponent(second.url)}`
      await openPlayground(page, `${url}?${query}`)
      const address = await solanaWalletAddress(page)
      await solana.airdrop(address as Address, 2n * SOL)
      await second.airdrop(address as Address, 3n * SOL)
      await connectSolanaFromModal(page)

      await showAccountView(page)
      await waitForText(byTestId(page, 'account-balance'), '2.000 SOL')
      const pill = byTestId(page, 'account-cluster')
      await waitForText(pill, 'Solana Local')
      await pill.click()
      await waitForView(page, 'SolanaClusters')
      await waitForText(modal(page).locator('h2'), 'Choose Network')
      expect(await byTestId(page, 'cluster-localnet').getAttribute('aria-current')).toBe('true')
      expect(await byTestId(page, 'cluster-localnet-b').getAttribute('aria-current')).toBeNull()
      expect(await axeScan(page)).toEqual([])

      await byTestId(page, 'cluster-localnet-b').click()
      await waitForView(page, 'Account')
      await waitForText(pill, 'Solana Local B')
      await waitForText(byTestId(page, 'account-balance'), '3.000 SOL')
      await waitForText(byTestId(page, 'account-address'), truncate(address))
      await waitForText(byTestId(page, 'account-button'), 'Solana Local B')

      // and back: the first cluster's balance again, nothing asked of the wallet
      await pill.click()
      await waitForView(page, 'SolanaClusters')
      expect(await byTestId(page, 'cluster-localnet-b').getAttribute('aria-current')).toBe('true')
      await byTestId(page, 'cluster-localnet').click()
      await waitForView(page, 'Account')
      await waitForText(byTestId(page, 'account-balance'), '2.000 SOL')
    } finally {
      await second.stop()
    }
  })

  test('behavior: an EVM wallet beside it, both stay connected, the namespace switch shows either, and each disconnects alone', async () => {
    const { page, url } = e2e()
    await openPlayground(page, `${url}?solana=${encodeURIComponent(solana.url)}`)
    const address = await solanaWalletAddress(page)
    await solana.airdrop(address as Address, SOL)
    await connectSolanaFromModal(page)

    // Ethereum on the switch: nothing connected there yet, so Connect; the EVM wallet connects
    await showAccountView(page)
    await byTestId(page, 'namespace-eip155').click()
    await waitForView(page, 'Connect')
    await page.locator(testWalletRow).click()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    expect(await byTestId(page, 'account-button').getAttribute('data-namespace')).toBe('eip155')

    // back to Solana: still connected, nothing asked again
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')
    await byTestId(page, 'namespace-solana').click()
    await waitForText(byTestId(page, 'account-address'), truncate(address))
    await waitForText(byTestId(page, 'account-balance'), '1.000 SOL')
    await page.keyboard.press('Escape')
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'account-button'), truncate(address))

    // a reload: both reconnect silently
    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await showAccountView(page)
    await byTestId(page, 'namespace-solana').click()
    await waitForText(byTestId(page, 'account-address'), truncate(address))

    // Solana's disconnect leaves the EVM wallet: Account shows it
    await byTestId(page, 'disconnect').click()
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'account-button'), truncatedAccount)
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-balance'), '10000.000 ETH')
    await byTestId(page, 'namespace-solana').click()
    await waitForView(page, 'Connect')
  })

  test('default: Send moves SOL to another address: the rules, a decline keeps the form, then Sent and both balances change', async () => {
    const { page, url } = e2e()
    await openPlayground(page, `${url}?solana=${encodeURIComponent(solana.url)}`)
    const address = await solanaWalletAddress(page)
    await solana.airdrop(address as Address, 2n * SOL)
    const receiver = getBase58Decoder().decode(new Uint8Array(32).fill(42))
    await connectSolanaFromModal(page)
    await showAccountView(page)
    await waitForText(byTestId(page, 'account-balance'), '2.000 SOL')
    await byTestId(page, 'account-send').click()
    await waitForView(page, 'SolanaSend')
    const confirm = byTestId(page, 'send-confirm')
    await waitForText(byTestId(page, 'send-balance'), 'Balance: 2.000 SOL')
    await waitForText(byTestId(page, 'send-fee'), '0.000005 SOL')
    await waitForText(byTestId(page, 'send-rule'), 'An amount and receiver address are required')

    // SPEC §5's rules, each as the visitor sees it; Send stays off
    await byTestId(page, 'send-amount').fill('0.5')
    await byTestId(page, 'send-receiver').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await waitForText(byTestId(page, 'send-receiver-error'), 'Invalid address')
    expect(await confirm.isDisabled()).toBe(true)
    await byTestId(page, 'send-receiver').fill(receiver)
    await byTestId(page, 'send-amount').fill('2')
    await waitForText(byTestId(page, 'send-rule'), 'Insufficient funds for the network fee')
    expect(await confirm.isDisabled()).toBe(true)
    await byTestId(page, 'send-max').click()
    expect(await byTestId(page, 'send-amount').inputValue()).toBe('1.999995')
    await byTestId(page, 'send-amount').fill('0.5')
    expect(await axeScan(page)).toEqual([])

    // the visitor declines in the wallet: said, and the form is kept
    await page.evaluate(() => {
      window.__latchkeySolanaTestWallet = {
        ...window.__latchkeySolanaTestWallet,
        faults: { signAndSendTransaction: 'reject' },
      }
    })
    await confirm.click()
    await waitForText(byTestId(page, 'send-error'), 'Transaction declined')
    expect(await byTestId(page, 'send-amount').inputValue()).toBe('0.5')
    expect(await solana.svm.getBalance(receiver as never)).toBeNull()

    // accepted: Sent, with the signature; the chain and Account agree
    await page.evaluate(() => {
      window.__latchkeySolanaTestWallet = { ...window.__latchkeySolanaTestWallet, faults: {} }
    })
    await confirm.click()
    await waitForText(byTestId(page, 'send-status'), 'Sent')
    await waitForText(byTestId(page, 'send-preview-amount'), '0.500 SOL')
    await waitForText(byTestId(page, 'send-preview-to'), truncate(receiver))
    expect(await solana.svm.getBalance(receiver as never)).toBe(SOL / 2n)
    expect(await solana.svm.getBalance(address as never)).toBe(2n * SOL - SOL / 2n - 5000n)
    expect(await axeScan(page)).toEqual([])
    await byTestId(page, 'send-done').click()
    await waitForView(page, 'Account')
    await waitForText(byTestId(page, 'account-balance'), '1.499 SOL')
    await page.keyboard.press('Escape')
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'account-button'), '1.499 SOL')
  })

  test('behavior: Sent waits for the cluster: "Waiting for confirmation…" while the transfer is only processed, "Sent" once a slot confirms it', async () => {
    const { page, url } = e2e()
    // a cluster whose slots move only when the test says
    const still = await startSolanaRpc({ slotMs: 0 })
    try {
      await openPlayground(page, `${url}?solana=${encodeURIComponent(still.url)}`)
      const address = await solanaWalletAddress(page)
      await still.airdrop(address as Address, 2n * SOL)
      const receiver = getBase58Decoder().decode(new Uint8Array(32).fill(7))
      await connectSolanaFromModal(page)
      await showAccountView(page)
      await waitForText(byTestId(page, 'account-balance'), '2.000 SOL')
      await byTestId(page, 'account-send').click()
      await waitForView(page, 'SolanaSend')
      await byTestId(page, 'send-receiver').fill(receiver)
      await byTestId(page, 'send-amount').fill('0.25')
      await byTestId(page, 'send-confirm').click()

      const status = byTestId(page, 'send-status')
      await waitForText(status, 'Waiting for confirmation…')
      // landed (processed), and the view says so, not "Sent", for as long as no slot confirms it
      expect(await still.svm.getBalance(receiver as never)).toBe(SOL / 4n)
      await page.waitForTimeout(1_500)
      expect(await status.textContent()).toBe('Waiting for confirmation…')
      expect(await byTestId(page, 'send-signature').textContent()).not.toBe('')
      expect(await axeScan(page)).toEqual([])

      still.advanceSlots(1)
      await waitForText(status, 'Sent')
    } finally {
      await still.stop()
    }
  })

  test('default: sign in with the Solana account: a CAIP-122 message for the cluster, a decline said, then signed by the wallet and kept after a reload', async () => {
    const { page, url, browser } = e2e()
    await openPlayground(page, `${url}?siwx=optional&solana=${encodeURIComponent(solana.url)}`)
    const address = await solanaWalletAddress(page)
    await waitForText(byTestId(page, 'pg-siwx'), 'signed out')
    await byTestId(page, 'connect-button').click()
    await byTestId(page, `solana-wallet-${walletName}`).click()

    // the prompt names the Solana account and the local cluster by its genesis hash (CAIP-2)
    await waitForView(page, 'SIWXSignMessage')
    const message = byTestId(page, 'siwx-message')
    await waitForText(message, 'wants you to sign in with your Solana account')
    await waitForText(message, address)
    await waitForText(message, `Chain ID: ${solana.genesisHash.slice(0, 32)}`)
    await waitForText(byTestId(page, 'siwx-account'), truncate(address))

    await page.evaluate(() => {
      window.__latchkeySolanaTestWallet = {
        ...window.__latchkeySolanaTestWallet,
        faults: { signMessage: 'reject' },
      }
    })
    await byTestId(page, 'siwx-sign').click()
    await waitForText(modal(page).locator('[role="alert"]'), 'Signature declined')
    await page.evaluate(() => {
      window.__latchkeySolanaTestWallet = { ...window.__latchkeySolanaTestWallet, faults: {} }
    })
    await byTestId(page, 'siwx-sign').click()
    await waitForView(page, undefined)
    await waitForText(byTestId(page, 'pg-siwx'), `signed in ${address}`)

    // the session is kept: a reload reconnects the wallet and asks for nothing
    await page.reload()
    await waitForText(byTestId(page, 'account-button'), truncate(address))
    await waitForText(byTestId(page, 'pg-siwx'), `signed in ${address}`)
    expect(
      await page.evaluate(() => window.__latchkeySolanaTestWalletControl?.calls() ?? []),
    ).not.toContain('signMessage')
    expect(browser.pageErrors()).toEqual([])
  })
})
