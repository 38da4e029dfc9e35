import { createPublicClient, http, parseGwei, toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rpc } from '../harness/anvil'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import {
  frameOf,
  hostRequest,
  hostState,
  loginByEmail,
  openHost,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// Issue 8 items 3, 7 and 9 in the three-site lab: a script on the dapp page asks the frame to sign
// or send; the frame shows exactly the canonical request and sends exactly that.

const modes = [
  { mode: 'blocked', args: [] as string[] },
  { mode: 'partitioned', args: ['--disable-features=TrackingProtection3pcd'] },
]

const attacker = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const tokenContract = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const approveMax = `0x095ea7b3000000000000000000000000${attacker.slice(2).toLowerCase()}${'f'.repeat(64)}`
const wait = { timeout: 10_000 }

describe.each(modes)('canonical requests, third-party storage $mode', ({ mode, args }) => {
  const rpcUrls = inject('rpcUrls')
  const rpc1 = rpcUrls[1] as string
  let lab: FrameLab
  let browser: TestBrowser

  beforeAll(async () => {
    lab = await startFrameLab({ chains: rpcUrls })
    browser = await launchBrowser({ wallet: false, args: [...lab.browserArgs, ...args] })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
  })

  async function signedIn(name: string) {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const user = await loginByEmail(page, lab.server.sink, `${name}-${mode}@example.com`)
    const address = (user as { value: { address: `0x${string}` } }).value.address
    await rpc(rpc1, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    return { page, address }
  }
  const client = () => createPublicClient({ transport: http(rpc1) })

  test('A3: an input-only approve(attacker, max) is shown decoded and warned, and the mined input is what was shown', async () => {
    const { page } = await signedIn('input-only')
    await startRequest(page, 'send', 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: tokenContract, input: approveMax }],
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    expect(await frame.locator('.lk-title').textContent()).toBe('Send transaction')
    const details = frame.locator('.lk-details')
    const text = (await details.textContent()) ?? ''
    expect(text).toContain('Approve spending')
    expect(text).toContain(attacker)
    expect(text).toContain(`Unlimited (${2n ** 256n - 1n})`)
    expect(text).toMatch(/Max network fee\s*0\.\d+ ETH/)
    expect(text).toContain('Ethereum (chain 1)')
    expect(await frame.locator('.lk-warning').first().textContent()).toMatch(
      new RegExp(`^Unlimited approval: ${attacker} may move all`),
    )
    const shown = await frame.locator('dd.lk-block').textContent()
    expect(shown).toBe(approveMax)
    const approve = frame.getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), wait).toBe(true)
    await approve.click()
    const sent = await waitForResult(page, 'send')
    expect(sent.ok).toBe(true)
    const hash = (sent as { value: { result: `0x${string}` } }).value.result
    const tx = await client().getTransaction({ hash })
    expect(tx.input).toBe(shown)
    expect(tx.to?.toLowerCase()).toBe(tokenContract.toLowerCase())
    await page.close()
  })

  test('A7: an over-cap gasPrice is refused before any approval screen; nothing is sent', async () => {
    const { page, address } = await signedIn('fee-drain')
    const nonce = await client().getTransactionCount({ address })
    const answer = await hostRequest(page, 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: attacker, value: '0x0', gasPrice: toHex(parseGwei('20000')) }],
    })
    expect(answer).toMatchObject({
      ok: false,
      error: { name: 'FeeCapExceededError', code: -32602 },
    })
    expect((answer as { error: { message: string } }).error.message).toMatch(
      /^The network fee \(0\.42 ETH\) is above this wallet's limit of 0\.0\d+ ETH\.$/,
    )
    expect((await hostState(page)).approvals).toEqual([])
    expect(await client().getTransactionCount({ address })).toBe(nonce)
    await page.close()
  })

  test('A9: typed data for another chain is refused with a clear error', async () => {
    const { page, address } = await signedIn('typed-chain')
    const answer = await hostRequest(page, 'RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [
        address,
        {
          domain: { name: 'Bridge', chainId: 56 },
          types: { Order: [{ name: 'amount', type: 'uint256' }] },
          primaryType: 'Order',
          message: { amount: '1' },
        },
      ],
    })
    expect(answer).toEqual({
      ok: false,
      error: {
        name: 'ChainMismatchError',
        message: 'This signature request is for chain 56, but the wallet is on chain 1.',
        code: -32602,
      },
    })
    expect((await hostState(page)).approvals).toEqual([])
    await page.close()
  })

  test('A9: a 5,000-character message is shown whole in a scrollable box', async () => {
    const { page, address } = await signedIn('long-message')
    const message = `${'Sign in to dapp.test. '.repeat(228).slice(0, 4_995)}END!!`
    expect(message).toHaveLength(5_000)
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: [message, address],
    })
    await waitForApproval(page)
    const box = frameOf(page).locator('dd.lk-block')
    expect(await box.textContent()).toBe(message)
    // Shown whole: the details box scrolls to reach all of it.
    const scroll = await frameOf(page)
      .locator('.lk-details')
      .evaluate((element) => ({
        overflow: getComputedStyle(element).overflowY,
        scrollable: element.scrollHeight > element.clientHeight,
      }))
    expect(scroll).toEqual({ overflow: 'auto', scrollable: true })
    await frameOf(page).getByRole('button', { name: 'Reject' }).click()
    expect((await waitForResult(page, 'sign')).ok).toBe(false)
    await page.close()
  })

  test('A9: a right-to-left override is made visible and flagged', async () => {
    const { page, address } = await signedIn('bidi')
    await startRequest(page, 'sign', 'RPC_REQUEST', {
      method: 'personal_sign',
      params: ['Send 1 ETH to \u202E0x1234 evil\u202C only', address],
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    expect(await frame.locator('dd.lk-block .lk-hidden-char').allTextContents()).toEqual([
      '⟨U+202E⟩',
      '⟨U+202C⟩',
    ])
    expect(await frame.locator('dd.lk-block').textContent()).toBe(
      'Send 1 ETH to ⟨U+202E⟩0x1234 evil⟨U+202C⟩ only',
    )
    expect(await frame.locator('.lk-warning').first().textContent()).toMatch(
      /invisible or direction-changing characters/,
    )
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect((await waitForResult(page, 'sign')).ok).toBe(false)
    await page.close()
  })
})
