import type { Page } from 'playwright-core'
import { combine } from 'shamir-secret-sharing'
import {
  bytesToHex,
  createPublicClient,
  type Hex,
  http,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { releaseShares } from '../../server/custody/sealedWallets'
import { walletAccount } from '../../server/custody/wallets'
import { hashCanonicalRequest } from '../../src/approval/hashCanonicalRequest'
import { normalizeApprovalRequest } from '../../src/approval/normalizeApprovalRequest'
import { decodeBase64 } from '../../src/utils/base64'
import { rpc } from '../harness/anvil'
import type { TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import {
  dumpHostStorage,
  frameOf,
  hostRequest,
  hostState,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import type { FrameLab } from './frameLab'
import {
  approve,
  deviceShare,
  password,
  personalSign,
  setPassword,
  signedIn as signInSealed,
  startSealedLab,
  wait,
  walletFrame,
} from './sealedFrame'

// Issue 16, sealed custody, in the three-site lab: the server of wallet.test runs
// `custody: 'sealed'`, so the frame makes each new user's key, keeps the device share in its
// IndexedDB, and signs after the approval screen; the host page (dapp.test) must never see a
// share or the key. Partitioned third-party storage (Chrome stable's default), where IndexedDB
// persists across a reload.

const recipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const typedData = {
  domain: { name: 'Latchkey', version: '1', chainId: 1 },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: recipient, contents: 'sealed hello' },
} as const

/** Every message event the host page's window got, from any origin, as its scripts see them. */
function recordHostMessages(page: Page) {
  return page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { seenMessages: seen })
    window.addEventListener('message', (event) => {
      let data: string
      try {
        data = JSON.stringify(event.data)
      } catch {
        data = String(event.data)
      }
      seen.push(`${event.origin} ${data}`)
    })
  })
}

const hostMessages = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenMessages: string[] }).seenMessages)

describe('sealed wallets in the frame, third-party storage partitioned', () => {
  const rpcUrls = inject('rpcUrls')
  const rpc1 = rpcUrls[1] as string
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

  test('behavior: personal_sign asks for the recovery password, then the approval; the signature is the wallet’s', async () => {
    const { page, address, calls } = await signedIn('sealed-personal')
    const text = 'hello from a sealed wallet'
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [bytesToHex(new TextEncoder().encode(text)), address],
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    await expect
      .poll(() => frame.locator('[data-view]').first().getAttribute('data-view'), wait)
      .toBe('SetRecoveryPassword')
    // Too short, then two different passwords: said in the form, nothing sent.
    await setPassword(page, 'short')
    await expect.poll(() => frame.getByRole('alert').textContent()).toMatch(/at least 10/)
    await frame.getByLabel('Recovery password', { exact: true }).fill(password)
    await frame.getByLabel('Type it again', { exact: true }).fill(`${password}!`)
    await frame.getByRole('button', { name: 'Set password' }).click()
    await expect.poll(() => frame.getByRole('alert').textContent()).toMatch(/differ/)
    expect(calls).toEqual([])

    await setPassword(page)
    await approve(page)
    const signed = await waitForResult(page, 'sign')
    expect(signed.ok).toBe(true)
    const signature = (signed as { value: { result: Hex } }).value.result
    expect(await verifyMessage({ address, message: text, signature })).toBe(true)
    // Signed in the frame: the server's signing endpoint was never asked.
    expect(calls.filter((path) => path === '/v1/rpc')).toEqual([])
    // The recovery share is set now (sealed with the password on the server).
    const user = await context().storage.users.findByEmail('sealed-personal@example.com')
    const shares = user && (await releaseShares(context(), user.id))
    expect(shares?.recoveryShare?.kdf).toBe('argon2id')
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: eth_signTypedData_v4 asks for the recovery password, then the approval; the signature is the wallet’s', async () => {
    const { page, address, calls } = await signedIn('sealed-typed')
    await startRequest(page, 'typed', 'RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    await waitForApproval(page)
    await setPassword(page)
    await approve(page)
    const signed = await waitForResult(page, 'typed')
    expect(signed.ok).toBe(true)
    const signature = (signed as { value: { result: Hex } }).value.result
    expect(
      await verifyTypedData({
        address,
        domain: typedData.domain,
        types: { Mail: typedData.types.Mail },
        primaryType: 'Mail',
        message: typedData.message,
        signature,
      }),
    ).toBe(true)
    expect(calls.filter((path) => path === '/v1/rpc')).toEqual([])
    await page.close()
  })

  test('behavior: a transaction on anvil is signed in the frame and broadcast once', async () => {
    const { page, address, calls } = await signedIn('sealed-send')
    await rpc(rpc1, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const client = createPublicClient({ transport: http(rpc1) })
    const before = await client.getBalance({ address: recipient })
    const value = 12_345_678_900_000n
    await startRequest(page, 'send', 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: recipient, value: `0x${value.toString(16)}` }],
    })
    await waitForApproval(page)
    await setPassword(page)
    await approve(page)
    const sent = await waitForResult(page, 'send')
    expect(sent.ok).toBe(true)
    const hash = (sent as { value: { result: Hex } }).value.result
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(before + value)
    // Once: one broadcast asked of the server, one transaction from the account.
    expect(calls.filter((path) => path === '/v1/rpc/sealed/send')).toHaveLength(1)
    expect(calls.filter((path) => path === '/v1/rpc')).toEqual([])
    expect(await client.getTransactionCount({ address })).toBe(1)
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: wallet_sendCalls of two calls: one approval, each call signed in the frame and sent in order', async () => {
    const { page, address, calls } = await signedIn('sealed-calls')
    await rpc(rpc1, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const client = createPublicClient({ transport: http(rpc1) })
    const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const before = [
      await client.getBalance({ address: recipient }),
      await client.getBalance({ address: other }),
    ]
    await startRequest(page, 'batch', 'RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from: address,
          atomicRequired: false,
          calls: [
            { to: recipient, value: '0x3e8' },
            { to: other, value: '0x7d0' },
          ],
        },
      ],
    })
    await waitForApproval(page)
    await setPassword(page)
    await approve(page)
    const sent = await waitForResult(page, 'batch')
    expect(sent.ok).toBe(true)
    const { id } = (sent as { value: { result: { id: Hex } } }).value.result
    await startRequest(page, 'status', 'RPC_REQUEST', {
      method: 'wallet_getCallsStatus',
      params: [id],
    })
    const status = (await waitForResult(page, 'status')) as {
      value: { result: { receipts: { transactionHash: Hex }[] } }
    }
    const hashes = status.value.result.receipts.map((receipt) => receipt.transactionHash)
    expect(hashes).toHaveLength(2)
    const receipts = await Promise.all(
      hashes.map((hash) => client.waitForTransactionReceipt({ hash })),
    )
    const mined = await Promise.all(hashes.map((hash) => client.getTransaction({ hash })))
    expect(receipts.map((receipt) => receipt.status)).toEqual(['success', 'success'])
    expect(mined.map((tx) => [tx.from.toLowerCase(), tx.to?.toLowerCase(), tx.nonce])).toEqual([
      [address.toLowerCase(), recipient.toLowerCase(), 0],
      [address.toLowerCase(), other.toLowerCase(), 1],
    ])
    expect(await client.getBalance({ address: recipient })).toBe((before[0] as bigint) + 1000n)
    expect(await client.getBalance({ address: other })).toBe((before[1] as bigint) + 2000n)
    // Once each: two broadcasts asked of the server, none through its own signing.
    expect(calls.filter((path) => path === '/v1/rpc/sealed/send')).toHaveLength(2)
    expect(await client.getTransactionCount({ address })).toBe(2)
    expect(browser.pageErrors()).toEqual([])
    await page.close()
  })

  test('behavior: after a reload of the host page the device share is still there: no password asked', async () => {
    const { page, address } = await signedIn('sealed-reload')
    expect((await personalSign(page, address, 'first', 'before the reload', true)).ok).toBe(true)
    await page.reload()
    await page.waitForFunction(() =>
      Boolean(
        (window as unknown as { lkHost?: { client: { isReady: boolean } } }).lkHost?.client.isReady,
      ),
    )
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual({
      ok: true,
      value: { isConnected: true },
    })
    await startRequest(page, 'again', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [bytesToHex(new TextEncoder().encode('after the reload')), address],
    })
    await waitForApproval(page)
    // The approval screen first: no recovery password on this device any more.
    await expect
      .poll(() => frameOf(page).locator('[data-view]').first().getAttribute('data-view'), wait)
      .not.toMatch(/RecoveryPassword/)
    expect(await frameOf(page).locator('.lk-recovery').count()).toBe(0)
    await approve(page)
    const signed = await waitForResult(page, 'again')
    expect(signed.ok).toBe(true)
    expect(
      await verifyMessage({
        address,
        message: 'after the reload',
        signature: (signed as { value: { result: Hex } }).value.result,
      }),
    ).toBe(true)
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
