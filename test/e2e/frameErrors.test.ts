import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rpc } from '../harness/anvil'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
import { type FaultyRpc, startFaultyRpc } from '../harness/startFaultyRpc'
import {
  frameOf,
  hostRequest,
  loginByEmail,
  openHost,
  startRequest,
  waitForApproval,
  waitForResult,
} from './frameHostPage'
import { type FrameLab, startFrameLab } from './frameLab'

// Issue 11 §1: a failure keeps its identity on every wire. The real server throws it, the real
// frame page (built from source, on its own site) passes it on, and the host's frame client
// throws it as the class it was thrown as, with its wire fields.

const dev1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const wait = { timeout: 10_000 }

describe('errors across the frame wire', () => {
  const rpc1 = inject('rpcUrls')[1] as string
  let proxy: FaultyRpc
  let lab: FrameLab
  let browser: TestBrowser

  beforeAll(async () => {
    proxy = await startFaultyRpc(rpc1)
    lab = await startFrameLab({
      chains: { 1: proxy.url },
      server: { rpc: { timeoutMs: 1_500, reconcileMs: 1_000 } },
    })
    browser = await launchBrowser({ wallet: false, args: lab.browserArgs })
  })
  afterAll(async () => {
    await browser?.close()
    await lab?.close()
    await proxy?.stop()
  })

  test('behavior: a wrong code arrives as InvalidOtpError (attempts left), an expired one as OtpExpiredError', async () => {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const email = 'codes@example.com'
    const after = lab.server.sink.mails.length
    expect(await hostRequest(page, 'CONNECT_EMAIL', { email })).toEqual({
      ok: true,
      value: { action: 'VERIFY_OTP' },
    })
    const otp = await lab.server.sink.waitForCode(email, { after })
    const wrong = otp === '000000' ? '111111' : '000000'
    expect(await hostRequest(page, 'CONNECT_OTP', { otp: wrong })).toEqual({
      ok: false,
      error: { name: 'InvalidOtpError', message: 'Invalid code', details: { attemptsLeft: 4 } },
    })
    // the code's 10 minutes pass on the server's clock
    lab.server.clock.advance(11 * 60_000)
    expect(await hostRequest(page, 'CONNECT_OTP', { otp })).toEqual({
      ok: false,
      error: {
        name: 'OtpExpiredError',
        message: 'The code has expired. Please request a new one.',
      },
    })
    await page.close()
  })

  test('behavior: a send whose answer is lost arrives as BroadcastUncertainError with its hash and nonce', async () => {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const user = await loginByEmail(page, lab.server.sink, 'uncertain@example.com')
    const address = (user as { value: { address: `0x${string}` } }).value.address
    await rpc(rpc1, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const nonce = Number(await rpc(rpc1, 'eth_getTransactionCount', [address, 'latest']))
    // The node never sees the send: the proxy answers 503 in its place.
    proxy.script({
      match: (request) => request.methods.includes('eth_sendRawTransaction'),
      fault: { kind: 'respond', status: 503 },
    })
    await startRequest(page, 'send', 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: dev1, value: '0x1' }],
    })
    await waitForApproval(page)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), wait).toBe(true)
    await approve.click()
    const sent = await waitForResult(page, 'send')
    expect(sent).toMatchObject({
      ok: false,
      error: {
        name: 'BroadcastUncertainError',
        message: 'The transaction may have been sent; check its hash before sending again',
        details: { nonce, mayHaveBeenSent: true },
      },
    })
    const hash = sent.ok ? undefined : sent.error.details?.hash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(proxy.count('eth_sendRawTransaction')).toBe(1)
    proxy.clear()
    await page.close()
  })

  test('behavior: a send whose nonce another transaction took arrives as ChainRequestFailedError saying it did not go out', async () => {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const user = await loginByEmail(page, lab.server.sink, 'replaced@example.com')
    const address = (user as { value: { address: `0x${string}` } }).value.address
    await rpc(rpc1, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const nonce = Number(await rpc(rpc1, 'eth_getTransactionCount', [address, 'latest']))
    const before = proxy.count('eth_sendRawTransaction')
    // The send never gets an answer; meanwhile the same key sends another transaction at its nonce.
    proxy.script({
      match: (request) => request.methods.includes('eth_sendRawTransaction'),
      fault: { kind: 'hang' },
      before: async () => {
        await rpc(rpc1, 'anvil_impersonateAccount', [address])
        await rpc(rpc1, 'eth_sendTransaction', [
          { from: address, to: dev1, value: '0x2', nonce: `0x${nonce.toString(16)}` },
        ])
        await rpc(rpc1, 'anvil_stopImpersonatingAccount', [address])
      },
    })
    await startRequest(page, 'send', 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ to: dev1, value: '0x1' }],
    })
    await waitForApproval(page)
    const approve = frameOf(page).getByRole('button', { name: 'Approve' })
    await expect.poll(() => approve.isEnabled(), wait).toBe(true)
    await approve.click()
    expect(await waitForResult(page, 'send')).toEqual({
      ok: false,
      error: {
        name: 'ChainRequestFailedError',
        message: 'Another transaction of this account was mined with the same nonce',
        code: -32603,
        details: { mayHaveBeenSent: false },
      },
    })
    expect(proxy.count('eth_sendRawTransaction') - before).toBe(1)
    proxy.clear()
    await page.close()
  })
})
