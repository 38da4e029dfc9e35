import { generateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import type { Page } from 'playwright-core'
import { bytesToHex, type Hex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { phraseSolanaAddress } from '../harness/phraseSolanaAddress'
import {
  dumpHostStorage,
  frameOf,
  hostRequest,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import type { FrameLab } from './frameLab'
import { approve, password, signedIn, startSealedLab, wait } from './sealedFrame'

// Issue 16, importing a wallet, in the three-site lab (sealed server, partitioned third-party
// storage): the recovery phrase is typed into the frame's own screen (wallet.test), split there,
// and the account's new wallet has the phrase's address, computed here by viem (an independent
// BIP-39/BIP-32 implementation), and its Solana account the phrase's (computed by
// test/harness/phraseSolanaAddress.ts). The host page (dapp.test) listens to every message it can.

/** Records every message the host window receives, before the host's own listeners run. */
const listenToEverything = (page: Page) =>
  page.addInitScript(() => {
    const heard: string[] = []
    Object.defineProperty(window, 'heard', { value: heard })
    window.addEventListener('message', (event) => heard.push(JSON.stringify(event.data)), true)
  })

const heard = (page: Page) =>
  page.evaluate(() => (window as unknown as { heard: string[] }).heard.join('\n'))

/** Watches what the page sends to any server (request bodies and URLs). */
function watchSent(page: Page) {
  const sent: string[] = []
  page.on('request', (request) => sent.push(`${request.url()}\n${request.postData() ?? ''}`))
  return sent
}

/** Opens the frame's import screen from the host; resolves once it shows. */
async function openImport(page: Page, key: string) {
  await startRequest(page, key, 'IMPORT_WALLET')
  await waitForApproval(page)
  const frame = frameOf(page)
  await expect.poll(() => frame.locator('[data-view="ImportWallet"]').count(), wait).toBe(1)
  return frame
}

describe('importing a wallet into the frame, third-party storage partitioned', () => {
  const rpcUrls = inject('rpcUrls')
  let lab: FrameLab
  let browser: TestBrowser
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ lab, browser, close } = await startSealedLab(rpcUrls))
  })
  afterAll(async () => {
    await close?.()
  })

  const walletOf = async (email: string) => {
    const user = await lab.server.server.context.storage.users.findByEmail(email)
    return lab.server.server.context.storage.wallets.findByUserId(user?.id ?? '')
  }

  test('default: a recovery phrase typed in the frame becomes the account’s wallet at the expected address, signs, and no message, storage or request of the page carries it', async () => {
    const phrase = generateMnemonic(wordlist)
    const expected = mnemonicToAccount(phrase)
    const privateKey = bytesToHex(expected.getHdKey().privateKey ?? new Uint8Array())
    const {
      page,
      email,
      address: fresh,
    } = await signedIn(browser, lab, 'import-phrase', listenToEverything)
    const sent = watchSent(page)

    const frame = await openImport(page, 'import')
    // The account's first wallet is new and empty: replaced without a confirmation box.
    await expect
      .poll(() => frame.locator('.lk-import-notice').textContent(), wait)
      .toContain(`${fresh.slice(0, 6)}…${fresh.slice(-4)}`)
    expect(await frame.locator('#lk-import-confirm').count()).toBe(0)
    await frame.getByLabel('Recovery phrase or private key').fill(phrase)
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByLabel('Type it again', { exact: true }).fill(password)
    await frame.getByRole('button', { name: 'Import wallet' }).click()
    expect(await waitForResult(page, 'import')).toEqual({
      ok: true,
      value: { address: expected.address },
    })
    expect(await walletOf(email)).toMatchObject({ address: expected.address, custody: 'sealed' })
    // Its Solana account is the phrase's too (m/44'/501'/0'/0', as Phantom and Solflare derive it).
    expect(await hostRequest(page, 'GET_USER', { chainId: 1 })).toMatchObject({
      ok: true,
      value: { address: expected.address, solana: { address: await phraseSolanaAddress(phrase) } },
    })

    // It signs at once (this device holds its share; the recovery password was set on import).
    const text = 'imported'
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [bytesToHex(new TextEncoder().encode(text)), expected.address],
    })
    await waitForApproval(page, 2)
    await approve(page)
    const signed = await waitForResult(page, 'sign')
    const signature = (signed as { value: { result: Hex } }).value.result
    expect(await verifyMessage({ address: expected.address, message: text, signature })).toBe(true)

    // Nothing the host heard or stores, and nothing sent to any server, holds the phrase or key.
    const words = phrase.split(' ')
    const runs = words.slice(0, -2).map((_, index) => words.slice(index, index + 3).join(' '))
    for (const place of [await heard(page), await dumpHostStorage(page), sent.join('\n')]) {
      for (const run of runs) expect(place).not.toContain(run)
      expect(place.toLowerCase()).not.toContain(privateKey.slice(2))
    }
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('error: a phrase with a bad checksum is refused in the form with a typed error; nothing is sent and the wallet stays', async () => {
    const { page, email, address } = await signedIn(browser, lab, 'import-bad')
    const sent = watchSent(page)
    const frame = await openImport(page, 'bad')
    // Twelve words of the list whose checksum does not match.
    const bad = Array.from({ length: 12 }, () => 'abandon').join(' ')
    const field = frame.getByLabel('Recovery phrase or private key')
    await field.fill(bad)
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByLabel('Type it again', { exact: true }).fill(password)
    await frame.getByRole('button', { name: 'Import wallet' }).click()
    const alert = frame.getByRole('alert')
    await expect.poll(() => alert.textContent(), wait).toMatch(/checksum does not match/)
    expect(await alert.getAttribute('data-error')).toBe('InvalidWalletSecretError')
    expect(await alert.getAttribute('data-reason')).toBe('CHECKSUM')
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    // What was typed stays to be corrected; nothing went to the server's import.
    expect(await field.inputValue()).toBe(bad)
    expect(sent.filter((line) => line.includes('/v1/sealed-wallet/import\n'))).toEqual([])
    expect((await walletOf(email))?.address).toBe(address)

    await frame.getByRole('button', { name: 'Cancel' }).click()
    expect(await waitForResult(page, 'bad')).toMatchObject({ ok: false, error: { code: 4001 } })
    expect((await walletOf(email))?.address).toBe(address)
    await page.close()
  })
})
