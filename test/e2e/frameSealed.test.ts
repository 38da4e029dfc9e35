import { combine } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { releaseShares } from '../../server/custody/sealedWallets'
import { walletAccount } from '../../server/custody/wallets'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import { decodeBase64 } from '../../src/utils/base64'
import type { TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import {
  dumpHostStorage,
  frameOf,
  hostState,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import type { FrameLab } from './frameLab'
import {
  approve,
  deviceShare,
  hostMessages,
  password,
  personalSign,
  recordHostMessages,
  signedIn as signInSealed,
  startSealedLab,
  typedData,
  wait,
  walletFrame,
} from './sealedFrame'

// Issue 16, sealed custody, in the three-site lab: the server of wallet.test runs
// `custody: 'sealed'`, so the frame makes each new user's key, keeps the device share in its
// IndexedDB, and signs after the approval screen; the host page (dapp.test) must never see a
// share or the key. Partitioned third-party storage (Chrome stable's default), where IndexedDB
// persists across a reload. Here: where the shares are kept and who can read them (the server,
// the host page, a reload, a tampered share); each request signed in the frame is in
// frameSealedSigning.test.ts.

describe('sealed wallets in the frame, third-party storage partitioned', () => {
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

  const context = () => lab.server.server.context

  const signedIn = (name: string) => signInSealed(browser, lab, name, recordHostMessages)

  test('default: email login makes a sealed wallet the server holds no key of, and cannot sign for', async () => {
    const { page, email, address } = await signedIn('sealed-login')
    const user = await context().storage.users.findByEmail(email)
    const wallet = user && (await context().storage.wallets.findByUserId(user.id))
    expect(wallet?.address).toBe(address)
    expect(wallet?.custody).toBe('sealed')
    expect(wallet?.encryptedKey).toBe('')
    if (!wallet) return
    expect(() => walletAccount(context(), wallet)).toThrow(/sealed: the server cannot sign/)
    // The server keeps one share only (65 bytes: the EVM key and the Solana seed), and the
    // recovery share waits for a password. The Solana account is sealed too: no key here.
    const shares = await releaseShares(context(), wallet.userId)
    expect(decodeBase64(shares.serverShare)?.length).toBe(65)
    expect(shares.recoveryShare).toBeNull()
    const solana = await context().storage.solanaWallets.findByUserId(wallet.userId)
    expect(solana).toMatchObject({ address: shares.solanaAddress, encryptedKey: '' })

    // The server's signing endpoint, asked by another device-bound session of the same user.
    const credential = await lab.server.login(email, 'device-cccccccccccccccc')
    const request = normalizeApprovalRequest({
      method: 'personal_sign',
      params: ['0x6869', address],
      chainId: 1,
      account: address,
    })
    const refused = await lab.server.post<{ error?: { message: string } }>(
      '/v1/rpc',
      { chainId: 1, method: 'personal_sign', request, hash: hashCanonicalRequest(request) },
      credential,
    )
    expect(refused.status).toBe(400)
    expect(refused.body.error?.message).toMatch(/sealed: the server cannot sign/)
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: the host page reads no share and no key, in its storage or in any message', async () => {
    const { page, email, address } = await signedIn('sealed-host-blind')
    expect((await personalSign(page, address, 'sign', 'blind host', true)).ok).toBe(true)
    await startRequest(page, 'typed', 'RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    await waitForApproval(page, 2)
    await approve(page)
    expect((await waitForResult(page, 'typed')).ok).toBe(true)

    // The secrets, as the wallet origin and the server hold them.
    const device = await deviceShare(walletFrame(page, lab), address)
    expect(device).toHaveLength(65)
    const user = await context().storage.users.findByEmail(email)
    if (!user || !device) throw new TypeError('no sealed wallet')
    const released = await releaseShares(context(), user.id)
    const server = decodeBase64(released.serverShare) as Uint8Array
    const key = await combine([new Uint8Array(device), server])
    expect(privateKeyToAccount(bytesToHex(key.subarray(0, 32))).address).toBe(address)
    const secrets = [new Uint8Array(device), server, key]
    const forms = secrets.flatMap((bytes) => {
      const hex = Buffer.from(bytes).toString('hex')
      return [
        hex,
        Buffer.from(bytes).toString('base64').replace(/=+$/, ''),
        Buffer.from(bytes).toString('base64url'),
        Array.from(bytes).join(','),
        // A prefix long enough to be no accident.
        hex.slice(0, 16),
      ]
    })
    if (released.recoveryShare) forms.push(released.recoveryShare.ciphertext.slice(0, 24))

    const messages = await hostMessages(page)
    // It did hear the frame (so the recorder works), and nothing it heard holds a secret.
    expect(messages.some((text) => text.includes('RPC_REQUEST_SUCCESS'))).toBe(true)
    const storage = await dumpHostStorage(page)
    const hostDb = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const opening = indexedDB.open('latchkey-frame-shares')
        opening.onsuccess = () => resolve(opening.result)
      })
      const stores = Array.from(db.objectStoreNames)
      db.close()
      return stores
    })
    // The host origin's IndexedDB of that name is its own: empty, no shares.
    expect(hostDb).toEqual([])
    for (const form of forms) {
      for (const text of messages) expect(text.toLowerCase()).not.toContain(form.toLowerCase())
      expect(storage.toLowerCase()).not.toContain(form.toLowerCase())
    }
    key.fill(0)
    await page.close()
  })

  test.each([
    { alter: 'bytes' as const, what: 'a share re-wrapped with other bytes' },
    { alter: 'ciphertext' as const, what: 'a flipped ciphertext bit' },
  ])(
    'behavior: a tampered device share ($what) is refused with a typed error, nothing signed',
    async ({ alter }) => {
      const { page, address, calls } = await signedIn(`sealed-tamper-${alter}`)
      expect((await personalSign(page, address, 'first', 'before tampering', true)).ok).toBe(true)
      const original = await deviceShare(walletFrame(page, lab), address, alter)
      expect(original).toHaveLength(65)
      // The frame reads its IndexedDB again after a reload (it keeps the share in memory meanwhile).
      await page.reload()
      await page.waitForFunction(() =>
        Boolean(
          (window as unknown as { lkHost?: { client: { isReady: boolean } } }).lkHost?.client
            .isReady,
        ),
      )
      const sent = calls.length
      await startRequest(page, 'tampered', 'RPC_REQUEST', {
        method: 'personal_sign',
        params: [bytesToHex(new TextEncoder().encode('after tampering')), address],
      })
      if (alter === 'bytes') {
        // It still opens, so it is found out when the key is rebuilt, after the approval.
        await waitForApproval(page)
        await approve(page)
      }
      const outcome = await waitForResult(page, 'tampered')
      // A share that no longer opens is refused before any screen.
      if (alter === 'ciphertext') expect((await hostState(page)).approvals).toEqual([])
      expect(outcome).toMatchObject({
        ok: false,
        error: {
          name: 'FrameRequestError',
          message: expect.stringMatching(/shares do not rebuild its key/),
        },
      })
      // Nothing was signed, here or by the server.
      expect(calls.slice(sent).filter((path) => path !== '/v1/sealed-wallet/shares')).toEqual([])
      if (alter === 'ciphertext') {
        // The record that no longer opens was dropped: the recovery password unlocks this device.
        await startRequest(page, 'recovered', 'RPC_REQUEST', {
          method: 'personal_sign',
          params: [bytesToHex(new TextEncoder().encode('recovered')), address],
        })
        await waitForApproval(page)
        const frame = frameOf(page)
        await expect
          .poll(() => frame.locator('[data-view]').first().getAttribute('data-view'), wait)
          .toBe('EnterRecoveryPassword')
        await frame.getByLabel('Recovery password', { exact: true }).fill('not the password at all')
        await frame.getByRole('button', { name: 'Unlock' }).click()
        await expect
          .poll(() => frame.getByRole('alert').textContent(), wait)
          .toBe('The recovery password is not right.')
        await frame.getByLabel('Recovery password', { exact: true }).fill(password)
        await frame.getByRole('button', { name: 'Unlock' }).click()
        await approve(page)
        const signed = await waitForResult(page, 'recovered')
        expect(signed.ok).toBe(true)
        const signature = (signed as { value: { result: Hex } }).value.result
        expect(await verifyMessage({ address, message: 'recovered', signature })).toBe(true)
        // A new split: the device share is a new one.
        const renewed = await deviceShare(walletFrame(page, lab), address)
        expect(renewed).toHaveLength(65)
        expect(renewed).not.toEqual(original)
      }
      await page.close()
    },
  )
})
