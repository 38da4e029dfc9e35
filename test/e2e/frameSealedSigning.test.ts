import {
  bytesToHex,
  createPublicClient,
  type Hex,
  http,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { releaseShares } from '../../server/custody/sealedWallets'
import { rpc } from '../harness/anvil'
import type { TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { frameOf, startRequest, waitForApproval, waitForResult } from './frameHostPage'
import type { FrameLab } from './frameLab'
import {
  approve,
  password,
  recipient,
  recordHostMessages,
  setPassword,
  signedIn as signInSealed,
  startSealedLab,
  typedData,
  wait,
} from './sealedFrame'

// Issue 16, sealed custody, in the three-site lab (see frameSealed.test.ts): each request a sealed
// wallet signs in the frame after the recovery password and the approval (personal_sign, typed
// data, a transaction, a wallet_sendCalls batch), checked against the wallet's address and anvil;
// the server's own signing is never asked. Partitioned third-party storage.

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
})
