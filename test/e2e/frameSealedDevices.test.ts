import { type Address, createSolanaRpc } from '@solana/kit'
import type { Page } from 'playwright-core'
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { releaseShares } from '../../server/custody/sealedWallets'
import { createWalletRecord, walletAccount } from '../../server/custody/wallets'
import { decodeBase64, encodeBase64 } from '../../src/utils/base64'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { SOL } from '../solana/solanaRpc.fixture'
import { type SolanaRpc, startSolanaRpc } from '../solana/startSolanaRpc'
import { solTransfer, unsignedTransaction } from '../solana/unsignedTransaction.fixture'
import {
  frameOf,
  loginByEmail,
  openHost,
  startRequest,
  startScreen,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import type { FrameLab } from './frameLab'
import {
  approve,
  deviceShare,
  partitioned,
  password,
  personalSign,
  signedIn as signInSealed,
  startSealedLab,
  wait,
  walletFrame,
  watchServer,
} from './sealedFrame'

// Issue 16, sealed custody across devices (a new device re-splits; an older split's device asks the
// password) and the upgrade of a `server` wallet, in the three-site lab: the server of wallet.test runs
// `custody: 'sealed'`, so the frame makes each new user's key, keeps the device share in its
// IndexedDB, and signs after the approval screen; the host page (dapp.test) must never see a
// share or the key. Partitioned third-party storage (Chrome stable's default), where IndexedDB
// persists across a reload.

describe('sealed wallets across devices and an upgrade, third-party storage partitioned', () => {
  const rpcUrls = inject('rpcUrls')
  let lab: FrameLab
  let browser: TestBrowser

  let close: (() => Promise<void>) | undefined
  let solana: SolanaRpc

  beforeAll(async () => {
    solana = await startSolanaRpc({ slotMs: 0 })
    ;({ lab, browser, close } = await startSealedLab(rpcUrls, 'partitioned', {
      server: { solanaClusters: { localnet: solana.url } },
    }))
  })
  afterAll(async () => {
    await close?.()
    await solana?.stop()
  })

  const context = () => lab.server.server.context

  const signedIn = (name: string) => signInSealed(browser, lab, name)

  /** On a device whose share is missing or of an older split: the password, then the approval. */
  async function unlockAndSign(page: Page, address: Hex, key: string, text: string) {
    await startRequest(page, key, 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [bytesToHex(new TextEncoder().encode(text)), address],
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    await expect
      .poll(() => frame.locator('[data-view]').first().getAttribute('data-view'), wait)
      .toBe('EnterRecoveryPassword')
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByRole('button', { name: 'Unlock' }).click()
    await approve(page)
    const signed = await waitForResult(page, key)
    expect(signed.ok).toBe(true)
    const signature = (signed as { value: { result: Hex } }).value.result
    expect(await verifyMessage({ address, message: text, signature })).toBe(true)
  }

  test('behavior: a server wallet of a project now sealed is sealed at its next approval: same address, the whole key deleted, then signed in the frame', async () => {
    // A visitor whose wallet the server made whole, before the project was sealed.
    const email = 'sealed-upgrade@example.com'
    const userId = crypto.randomUUID()
    const made = createWalletRecord(context(), userId)
    expect(
      await context().storage.users.createWithWallet(
        { id: userId, email, createdAt: Date.now() },
        made,
      ),
    ).toBe(true)
    const page = await browser.newPage()
    const calls = watchServer(page)
    await openHost(page, lab.hostUrl)
    const login = await loginByEmail(page, lab.server.sink, email)
    expect(login).toMatchObject({ ok: true, value: { address: made.address } })
    const address = made.address
    // Its Solana key, made whole by the server too (at the first GET /user).
    const solanaAddress = (login as { value: { solana: { address: Address } } }).value.solana
      .address
    expect((await context().storage.solanaWallets.findByUserId(userId))?.encryptedKey).not.toBe('')
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [bytesToHex(new TextEncoder().encode('sealed now')), address],
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    await expect
      .poll(() => frame.locator('[data-view]').first().getAttribute('data-view'), wait)
      .toBe('SealWallet')
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByLabel('Type it again', { exact: true }).fill(password)
    await frame.getByRole('button', { name: 'Seal wallet' }).click()
    await approve(page)
    const signed = await waitForResult(page, 'sign')
    expect(signed.ok).toBe(true)
    const signature = (signed as { value: { result: Hex } }).value.result
    expect(await verifyMessage({ address, message: 'sealed now', signature })).toBe(true)
    // Signed in the frame, not by the server; and the server holds no whole key any more.
    expect(calls).not.toContain('/v1/rpc')
    const wallet = await context().storage.wallets.findByUserId(userId)
    expect(wallet).toMatchObject({ address, custody: 'sealed', encryptedKey: '' })
    if (!wallet) return
    expect(() => walletAccount(context(), wallet)).toThrow(/sealed: the server cannot sign/)
    const device = await deviceShare(walletFrame(page, lab), address)
    const released = await releaseShares(context(), userId)
    expect(released.recoveryShare).not.toBeNull()
    const key = await combine([
      new Uint8Array(device ?? []),
      decodeBase64(released.serverShare) as Uint8Array,
    ])
    expect(privateKeyToAccount(bytesToHex(key.subarray(0, 32))).address).toBe(address)
    key.fill(0)
    // Its Solana key was sealed in the same split: same address, no key on the server.
    expect(released.solanaAddress).toBe(solanaAddress)
    expect(await context().storage.solanaWallets.findByUserId(userId)).toMatchObject({
      address: solanaAddress,
      encryptedKey: '',
    })
    // The next approval asks no password: a Solana send, signed in the frame, sent once by the
    // server (recorded under its signature), and the SOL moves.
    await solana.airdrop(solanaAddress, SOL)
    const recipient = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as Address
    const cluster = createSolanaRpc(solana.url)
    const { blockhash } = (await cluster.getLatestBlockhash().send()).value
    const transfer = unsignedTransaction({
      payer: solanaAddress,
      blockhash,
      instructions: [solTransfer(solanaAddress, recipient, SOL / 4n)],
    })
    await startRequest(page, 'next', 'RPC_REQUEST', {
      method: 'solana_signAndSendTransaction',
      params: {
        transaction: encodeBase64(transfer),
        chain: 'solana:localnet',
        options: { preflightCommitment: 'confirmed' },
      },
    })
    await waitForApproval(page, 2)
    await approve(page)
    const sent = await waitForResult(page, 'next')
    expect(sent.ok).toBe(true)
    const sentSignature = (sent as { value: { result: { signature: string } } }).value.result
      .signature
    expect(calls).not.toContain('/v1/solana/rpc')
    expect(calls).toContain('/v1/solana/sealed/send')
    expect(await context().storage.solanaSends.find(sentSignature)).toMatchObject({
      status: 'sent',
    })
    expect((await cluster.getBalance(recipient).send()).value).toBe(SOL / 4n)
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: a new device unlocks with the password and gets a split of its own; the first device then signs without the password, and signs the second out from its device list', async () => {
    const { page, email, address } = await signedIn('sealed-devices')
    expect((await personalSign(page, address, 'first', 'on the first device', true)).ok).toBe(true)
    const user = await context().storage.users.findByEmail(email)
    if (!user) throw new TypeError('no user')
    const before = await releaseShares(context(), user.id)
    const firstShare = await deviceShare(walletFrame(page, lab), address)

    // A second device: a profile of its own, the same email.
    const second = await launchBrowser({
      wallet: false,
      args: [...lab.browserArgs, ...partitioned],
    })
    try {
      const other = await second.newPage()
      await openHost(other, lab.hostUrl)
      const login = await loginByEmail(other, lab.server.sink, email)
      expect(login).toMatchObject({ ok: true, value: { address } })
      await unlockAndSign(other, address as Hex, 'second', 'on the second device')

      // A split of its own: a new server share, sealed recovery share and version.
      const after = await releaseShares(context(), user.id)
      expect(after.version).toBe(before.version + 1)
      expect(after.serverShare).not.toBe(before.serverShare)
      expect(after.recoveryShare?.ciphertext).not.toBe(before.recoveryShare?.ciphertext)
      const secondShare = await deviceShare(walletFrame(other, lab), address)
      expect(secondShare).toHaveLength(65)
      expect(secondShare).not.toEqual(firstShare)

      // The first device's split is still valid: the approval at once, no password, same share.
      expect(
        (await personalSign(page, address, 'again', 'back on the first device', false)).ok,
      ).toBe(true)
      expect(await deviceShare(walletFrame(page, lab), address)).toEqual(firstShare)
      // And back on the second: no password either.
      expect((await personalSign(other, address, 'second-again', 'second again', false)).ok).toBe(
        true,
      )

      // The first device's Security screen lists both and signs the other out.
      const frame = frameOf(page)
      await startScreen(page, 'security', 'OPEN_SECURITY')
      await frame.locator('[data-factor="devices"] button').click()
      await expect.poll(() => frame.locator('[data-view="DeviceList"] li').count(), wait).toBe(2)
      expect(await frame.locator('[data-device="current"] button').count()).toBe(0)
      await frame.getByRole('button', { name: /^Sign out another device/ }).click()
      await expect.poll(() => frame.locator('[data-view="DeviceList"] li').count(), wait).toBe(1)
      await frame.getByRole('button', { name: 'Done' }).click()
      await frame.getByRole('button', { name: 'Done' }).click()
      expect(await waitForResult(page, 'security')).toEqual({ ok: true })
      // The second device is signed out: its next request is refused.
      await startRequest(other, 'signed-out', 'RPC_REQUEST', {
        method: 'personal_sign',
        params: [bytesToHex(new TextEncoder().encode('revoked')), address],
      })
      expect((await waitForResult(other, 'signed-out')).ok).toBe(false)
      expect(second.pageErrors()).toEqual([])
    } finally {
      await second.close()
    }
    expect(
      (await personalSign(page, address, 'last', 'the first device still signs', false)).ok,
    ).toBe(true)
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })
})
