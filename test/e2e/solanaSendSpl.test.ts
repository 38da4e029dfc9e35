import { type Address, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import type { Page } from 'playwright-core'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { axeScan } from '../harness/browser'
import { setupE2e } from '../harness/fixtures'
import {
  byTestId,
  focused,
  modal,
  openPlayground,
  showAccountView,
  waitForText,
  waitForView,
} from '../harness/page'
import { funded, SOL } from '../solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'
import { TOKEN_2022_PROGRAM_ADDRESS } from '../solana/tokens'

// Issue 13, Send for SPL tokens in the modal: the playground with a <SolanaProvider> over the
// litesvm RPC on loopback (real Token and Associated Token programs), the Wallet Standard test
// wallet in the page. Pick the token, send it to an address with no account for it (created in
// the same transaction, its rent shown and paid), then again to the same address (no rent).
const walletName = 'Latchkey Solana Test Wallet'
const e2e = setupE2e()
let solana: SolanaRpc

beforeAll(async () => {
  solana = await startSolanaRpc({ slotMs: 50 })
})
afterAll(async () => {
  await solana?.stop()
})

/** The playground names no tokens: a mint shows as its first and last four characters. */
const short = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`
const fee = 5000n

/**
 * The playground connected to the Solana test wallet holding `lamports` and 2.5 of a new SPL
 * Token mint (and what `hold` gives it), on Send.
 */
async function connectedOnSend(
  page: Page,
  url: string,
  lamports: bigint,
  hold?: (address: Address) => Promise<void>,
) {
  await openPlayground(page, `${url}?solana=${encodeURIComponent(solana.url)}`)
  await page.waitForFunction(() => window.__latchkeySolanaTestWalletControl !== undefined)
  const address = (await page.evaluate(
    () => window.__latchkeySolanaTestWalletControl?.address() ?? '',
  )) as Address
  await solana.airdrop(address, lamports)
  const usd = await solana.createMint({ decimals: 6 })
  await solana.mintSplToken({ ...usd, owner: address, amount: 2_500_000n })
  await hold?.(address)
  await byTestId(page, 'connect-button').click()
  await byTestId(page, `solana-wallet-${walletName}`).click()
  await waitForView(page, undefined)
  await showAccountView(page)
  await waitForText(byTestId(page, `token-amount-${usd.mint}`), '2.500')
  await byTestId(page, 'account-send').click()
  await waitForView(page, 'SolanaSend')
  return { address, mint: usd.mint }
}

/** Picks a token (by mint; SOL for SOL) from the list the token button opens. */
async function pickToken(page: Page, mint: string) {
  await byTestId(page, 'send-token').click()
  await byTestId(page, `send-token-${mint}`).click()
  await byTestId(page, 'send-token-picker').waitFor({ state: 'detached' })
}

async function rawTokenBalance(owner: Address, mint: Address): Promise<bigint | undefined> {
  const [account] = await findAssociatedTokenPda({
    owner,
    mint,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const info = solana.svm.getAccount(account)
  if (!info.exists) return undefined
  return new DataView(new Uint8Array(info.data).buffer).getBigUint64(64, true)
}

describe('Solana Send with SPL tokens', () => {
  test('default: pick the token, send it to a new address (its account created, the rent shown and paid), then again with no rent; both balances change', async () => {
    const { page, url } = e2e()
    const { address, mint } = await connectedOnSend(page, url, 2n * SOL)
    const receiver = (await generateKeyPairSigner()).address
    const rent = solana.svm.minimumBalanceForRentExemption(165n)

    // the list: SOL first (chosen), then the token with its balance; Escape leaves only the list
    await byTestId(page, 'send-token').click()
    await waitForText(byTestId(page, 'send-token-amount-SOL'), '2.000')
    await waitForText(byTestId(page, `send-token-amount-${mint}`), '2.500')
    await waitForText(byTestId(page, `send-token-${mint}`), 'Unknown token')
    expect(await byTestId(page, 'send-token-SOL').getAttribute('aria-current')).toBe('true')
    expect(await axeScan(page)).toEqual([])
    await expect.poll(() => focused(page)).toBe('send-token-SOL')
    await page.keyboard.press('Escape')
    await byTestId(page, 'send-token-picker').waitFor({ state: 'detached' })
    await waitForView(page, 'SolanaSend')
    // focus is back on the button that opened the list
    await expect.poll(() => focused(page)).toBe('send-token')
    await pickToken(page, mint)
    await waitForText(byTestId(page, 'send-token'), short(mint))
    await waitForText(byTestId(page, 'send-balance'), `Balance: 2.500 ${short(mint)}`)

    // the rules in the token's units: 6 decimals, its balance; Max is all of it (SOL pays the fee)
    const confirm = byTestId(page, 'send-confirm')
    await byTestId(page, 'send-receiver').fill(receiver)
    await byTestId(page, 'send-amount').fill('0.0000001')
    await waitForText(byTestId(page, 'send-rule'), 'Invalid amount')
    await byTestId(page, 'send-amount').fill('2.6')
    await waitForText(byTestId(page, 'send-rule'), 'Insufficient funds')
    await byTestId(page, 'send-max').click()
    expect(await byTestId(page, 'send-amount').inputValue()).toBe('2.5')
    await byTestId(page, 'send-amount').fill('1.5')

    // the receiver has no account for the token: the rent shows, exact, and is explained
    await waitForText(byTestId(page, 'send-rent'), `${Number(rent) / 1e9} SOL`)
    await waitForText(byTestId(page, 'send-rent-hint'), 'opens one, and you pay its rent')
    await waitForText(byTestId(page, 'send-fee'), '0.000005 SOL')
    expect(await confirm.isDisabled()).toBe(false)
    expect(await axeScan(page)).toEqual([])

    // declined in the wallet: said, the form kept, nothing moved
    await page.evaluate(() => {
      window.__latchkeySolanaTestWallet = {
        ...window.__latchkeySolanaTestWallet,
        faults: { signAndSendTransaction: 'reject' },
      }
    })
    await confirm.click()
    await waitForText(byTestId(page, 'send-error'), 'Transaction declined')
    expect(await byTestId(page, 'send-amount').inputValue()).toBe('1.5')
    await waitForText(byTestId(page, 'send-token'), short(mint))
    expect(await rawTokenBalance(receiver, mint as Address)).toBeUndefined()
    await page.evaluate(() => {
      window.__latchkeySolanaTestWallet = { ...window.__latchkeySolanaTestWallet, faults: {} }
    })

    // sent: the account created and paid by the sender, the tokens moved
    await confirm.click()
    await waitForText(byTestId(page, 'send-status'), 'Sent')
    await waitForText(byTestId(page, 'send-preview-amount'), `1.500 ${short(mint)}`)
    await waitForText(byTestId(page, 'send-rent'), `${Number(rent) / 1e9} SOL`)
    expect(await rawTokenBalance(receiver, mint as Address)).toBe(1_500_000n)
    expect(await rawTokenBalance(address, mint as Address)).toBe(1_000_000n)
    expect(solana.svm.getBalance(address)).toBe(2n * SOL - fee - rent)
    expect(await axeScan(page)).toEqual([])

    // again to the same receiver: its account exists, no rent line; the balances were read again
    await byTestId(page, 'send-again').click()
    await waitForText(byTestId(page, 'send-token'), short(mint))
    await waitForText(byTestId(page, 'send-balance'), `Balance: 1.000 ${short(mint)}`)
    await byTestId(page, 'send-receiver').fill(receiver)
    await byTestId(page, 'send-amount').fill('0.25')
    await modal(page).locator('[data-testid="send-confirm"]:not([disabled])').waitFor()
    expect(await byTestId(page, 'send-rent').count()).toBe(0)
    expect(await byTestId(page, 'send-receiver-account').count()).toBe(0)
    await confirm.click()
    await waitForText(byTestId(page, 'send-status'), 'Sent')
    expect(await byTestId(page, 'send-rent').count()).toBe(0)
    expect(await rawTokenBalance(receiver, mint as Address)).toBe(1_750_000n)
    expect(solana.svm.getBalance(address)).toBe(2n * SOL - 2n * fee - rent)

    // Account shows both balances as the chain holds them
    await byTestId(page, 'send-done').click()
    await waitForView(page, 'Account')
    await waitForText(byTestId(page, `token-amount-${mint}`), '0.750')
    await waitForText(byTestId(page, 'account-balance'), '1.997 SOL')
  })

  test("error: SOL for the fee but not for the receiver account's rent is refused; a Token-2022 mint with a transfer fee is refused on pick", async () => {
    const { page, url } = e2e()
    // enough for two fees above its own rent-exempt minimum (a payer may not go below it), not
    // for a 165-byte account's rent; and a token with a transfer fee
    let fees = ''
    const lamports = solana.svm.minimumBalanceForRentExemption(0n) + 12_000n
    const { mint } = await connectedOnSend(page, url, lamports, async (address) => {
      const created = await solana.createMint({
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
        extensions: ['transferFee'],
      })
      await solana.mintSplToken({ ...created, owner: address, amount: 1_000_000n })
      fees = created.mint
    })
    const receiver = (await generateKeyPairSigner()).address
    await pickToken(page, mint)
    await waitForText(byTestId(page, 'send-token'), short(mint))
    await byTestId(page, 'send-amount').fill('1')
    await byTestId(page, 'send-receiver').fill(receiver)
    await waitForText(
      byTestId(page, 'send-rule'),
      "Not enough SOL for the network fee and the receiver's token account rent",
    )
    await byTestId(page, 'send-rent').waitFor()
    expect(await byTestId(page, 'send-confirm').isDisabled()).toBe(true)

    // the transfer-fee token: refused before anything is sent
    await pickToken(page, fees)
    await waitForText(
      byTestId(page, 'send-rule'),
      'This token cannot be sent here yet: its Token-2022 extensions change how transfers work',
    )
    expect(await byTestId(page, 'send-confirm').isDisabled()).toBe(true)
    expect(await byTestId(page, 'send-rent').count()).toBe(0)

    // SOL, under the cluster's rent rules: a new account opens with its minimum, and the sender
    // keeps none or its minimum (both refused by the cluster otherwise: test/solana/solTransferRent)
    const minimum = formatUnits(solana.svm.minimumBalanceForRentExemption(0n), 9)
    await pickToken(page, 'SOL')
    await byTestId(page, 'send-amount').fill('0.0005')
    await waitForText(
      byTestId(page, 'send-rule'),
      `The receiver has no Solana account yet: send at least ${minimum} SOL to open one`,
    )
    expect(await byTestId(page, 'send-confirm').isDisabled()).toBe(true)
    const holder = (await funded(solana, SOL)).address
    await byTestId(page, 'send-receiver').fill(holder)
    await byTestId(page, 'send-amount').fill('0.00001')
    await waitForText(
      byTestId(page, 'send-rule'),
      `This would leave less than the ${minimum} SOL an account must keep: send everything (Max) or keep at least ${minimum} SOL`,
    )
    expect(await byTestId(page, 'send-confirm').isDisabled()).toBe(true)
    // everything but the fee leaves nothing: allowed
    await byTestId(page, 'send-max').click()
    await modal(page).locator('[data-testid="send-confirm"]:not([disabled])').waitFor()
    expect(
      await page.evaluate(() => window.__latchkeySolanaTestWalletControl?.calls() ?? []),
    ).not.toContain('signAndSendTransaction')
  })

  test("behavior: the token list's header Back goes back to Send, the form as it was, as Escape does", async () => {
    const { page, url } = e2e()
    const { mint } = await connectedOnSend(page, url, 2n * SOL)
    const receiver = (await generateKeyPairSigner()).address
    await byTestId(page, 'send-amount').fill('0.5')
    await byTestId(page, 'send-receiver').fill(receiver)

    await byTestId(page, 'send-token').click()
    await waitForText(byTestId(page, `send-token-amount-${mint}`), '2.500')
    await byTestId(page, 'modal-back').click()
    await byTestId(page, 'send-token-picker').waitFor({ state: 'detached' })
    await waitForView(page, 'SolanaSend')
    expect(await byTestId(page, 'send-amount').inputValue()).toBe('0.5')
    expect(await byTestId(page, 'send-receiver').inputValue()).toBe(receiver)
    await waitForText(byTestId(page, 'send-token'), 'SOL')
    await expect.poll(() => focused(page)).toBe('send-token')

    // the list is a view of its own, titled as the EVM send's; a pick goes back too, with the
    // token and the form; Back from Send still leaves for Account
    await byTestId(page, 'send-token').click()
    await waitForView(page, 'SolanaSendSelectToken')
    await waitForText(modal(page).locator('[data-lk-title]'), 'Select a token')
    await byTestId(page, `send-token-${mint}`).click()
    await waitForView(page, 'SolanaSend')
    await waitForText(byTestId(page, 'send-token'), short(mint))
    expect(await byTestId(page, 'send-amount').inputValue()).toBe('0.5')
    expect(await byTestId(page, 'send-receiver').inputValue()).toBe(receiver)
    await byTestId(page, 'modal-back').click()
    await waitForView(page, 'Account')

    // Send opened again from Account is a fresh form
    await byTestId(page, 'account-send').click()
    await waitForView(page, 'SolanaSend')
    expect(await byTestId(page, 'send-amount').inputValue()).toBe('')
    expect(await byTestId(page, 'send-receiver').inputValue()).toBe('')
    await waitForText(byTestId(page, 'send-token'), 'SOL')
  })
})
