import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { rpc } from '../harness/anvil'
import { launchBrowser, type TestBrowser } from '../harness/browser'
import { inject } from '../harness/inject'
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

let lab: FrameLab
let browser: TestBrowser

beforeAll(async () => {
  // Transactions are priced by the server before the approval screen: it needs the chains.
  lab = await startFrameLab({ chains: inject('rpcUrls') })
  browser = await launchBrowser({ wallet: false, args: lab.browserArgs })
})
afterAll(async () => {
  await browser?.close()
  await lab?.close()
})

const ok = (value?: unknown) => (value === undefined ? { ok: true } : { ok: true, value })
const failed = (message: string, code?: number) => ({
  ok: false,
  error: { name: 'FrameRequestError', message, code },
})

describe('SPEC §7 frame messages', () => {
  test('default: chain, account type, theme, dapp data, social and smart-account requests', async () => {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const user = await loginByEmail(page, lab.server.sink, 'requests@example.com')
    const { address } = (user as { value: { address: string } }).value

    expect(await hostRequest(page, 'GET_CHAIN_ID')).toEqual(ok({ chainId: 1 }))
    expect(await hostRequest(page, 'SWITCH_NETWORK', { chainId: 56 })).toEqual(ok({ chainId: 56 }))
    expect(await hostRequest(page, 'GET_CHAIN_ID')).toEqual(ok({ chainId: 56 }))
    expect(await hostRequest(page, 'RPC_REQUEST', { method: 'eth_chainId', params: [] })).toEqual(
      ok({ result: '0x38' }),
    )
    expect(await hostRequest(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual(
      ok({ smartAccountEnabledNetworks: [] }),
    )
    expect(await hostRequest(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual(
      ok({ type: 'eoa', address }),
    )
    expect(await hostRequest(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual(
      // the server's class arrives by name (issue 11)
      {
        ok: false,
        error: {
          name: 'SmartAccountNotSupportedError',
          message: 'This application might not support Smart Accounts',
        },
      },
    )
    expect(await hostRequest(page, 'RPC_REQUEST', { method: 'eth_accounts', params: [] })).toEqual(
      ok({ result: [address] }),
    )
    expect(await hostRequest(page, 'INIT_SMART_ACCOUNT')).toEqual(
      failed('Smart accounts is not available yet.', 4200),
    )
    // Social login is built (issue 14); this server configures no provider: the server's typed
    // error arrives by name.
    expect(await hostRequest(page, 'GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).toEqual({
      ok: false,
      error: {
        name: 'SocialProviderNotConfiguredError',
        message: 'Sign-in with google is not set up on this wallet server.',
      },
    })
    // Farcaster login is built too; this server has it off: the same typed error
    expect(await hostRequest(page, 'GET_FARCASTER_URI')).toEqual({
      ok: false,
      error: {
        name: 'SocialProviderNotConfiguredError',
        message: 'Sign-in with farcaster is not set up on this wallet server.',
      },
    })
    expect(
      await hostRequest(page, 'RPC_REQUEST', {
        method: 'solana_signMessage',
        params: { message: 'a', pubkey: 'b' },
      }),
    ).toEqual({
      // the frame signs Solana now (issue 13): a public key that is not a Solana address is
      // refused before any approval screen, with its typed error
      ok: false,
      error: {
        name: 'InvalidRequestError',
        message: 'Invalid request: The public key must be a Solana address.',
        code: -32602,
      },
    })

    expect(
      await hostRequest(page, 'SYNC_THEME', {
        themeMode: 'dark',
        themeVariables: { accent: '#ff0066' },
      }),
    ).toEqual(ok())
    expect(
      await hostRequest(page, 'SYNC_DAPP_DATA', {
        name: '<b>Shop</b>',
        sdkVersion: '0.1.0',
        sdkType: 'latchkey',
      }),
    ).toEqual(ok())
    // Funds for the send on chain 56, which the server estimates before the screen shows.
    await rpc(inject('rpcUrls')[56] as string, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    await startRequest(page, 'send', 'RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: address, value: '0x2386f26fc10000' }],
    })
    await waitForApproval(page)
    const frame = frameOf(page)
    // The dapp's name is text (no markup), beside the origin the frame checked.
    await expect
      .poll(() => frame.locator('.lk-origin').textContent())
      .toMatch(/^<b>Shop<\/b> \(http:\/\/dapp\.test:\d+\)$/)
    // Chain 56: the value is in that chain's own native symbol.
    expect(await frame.locator('.lk-details').textContent()).toContain('0.01 BNB')
    expect(await frame.locator('html').getAttribute('data-theme')).toBe('dark')
    await frame.getByRole('button', { name: 'Reject' }).click()
    expect(await waitForResult(page, 'send')).toEqual(failed('User rejected the request.', 4001))
    await page.close()
  })

  test('default: email change through the frame, then sign out', async () => {
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const { sink } = lab.server
    await loginByEmail(page, sink, 'old@example.com')
    let after = sink.mails.length
    expect(await hostRequest(page, 'UPDATE_EMAIL', { email: 'new@example.com' })).toEqual(
      ok({ action: 'VERIFY_PRIMARY_OTP' }),
    )
    const primary = await sink.waitForCode('old@example.com', { after })
    after = sink.mails.length
    expect(await hostRequest(page, 'UPDATE_EMAIL_PRIMARY_OTP', { otp: primary })).toEqual(ok())
    const secondary = await sink.waitForCode('new@example.com', { after })
    expect(await hostRequest(page, 'UPDATE_EMAIL_SECONDARY_OTP', { otp: secondary })).toEqual(
      ok({ newEmail: 'new@example.com' }),
    )
    const user = await hostRequest(page, 'GET_USER')
    expect((user as { value: { email: string } }).value.email).toBe('new@example.com')
    // Signed in on this device: connect email answers CONNECT and mails nothing.
    const mails = sink.mails.length
    expect(await hostRequest(page, 'CONNECT_EMAIL', { email: 'new@example.com' })).toEqual(
      ok({ action: 'CONNECT' }),
    )
    expect(sink.mails.length).toBe(mails)
    expect(await hostRequest(page, 'SIGN_OUT')).toEqual(ok())
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual(ok({ isConnected: false }))
    await page.close()
  })

  test('behavior: sign out everywhere through the frame ends the sessions of every device', async () => {
    const { sink } = lab.server
    const email = 'everywhere@example.com'
    const first = await browser.newPage()
    await openHost(first, lab.hostUrl)
    await loginByEmail(first, sink, email)
    const second = await browser.newPage()
    await openHost(second, lab.hostUrl)
    await loginByEmail(second, sink, email)
    expect(await hostRequest(first, 'IS_CONNECTED')).toEqual(ok({ isConnected: true }))
    expect(await hostRequest(second, 'SIGN_OUT_EVERYWHERE')).toEqual(ok())
    expect(await hostRequest(second, 'IS_CONNECTED')).toEqual(ok({ isConnected: false }))
    expect(await hostRequest(first, 'IS_CONNECTED')).toEqual(ok({ isConnected: false }))
    await first.close()
    await second.close()
  })

  test('behavior: a known user on a new device gets a login code like anyone (issue 8: no enumeration); it verifies the device', async () => {
    const { sink } = lab.server
    const email = 'device@example.com'
    const first = await browser.newPage()
    await openHost(first, lab.hostUrl)
    await loginByEmail(first, sink, email)
    await first.close()
    // Storage is blocked: a new page is a new device for the frame.
    const page = await browser.newPage()
    await openHost(page, lab.hostUrl)
    const after = sink.mails.length
    expect(await hostRequest(page, 'CONNECT_EMAIL', { email })).toEqual(
      ok({ action: 'VERIFY_OTP' }),
    )
    const otp = await sink.waitForCode(email, { after })
    expect(await hostRequest(page, 'CONNECT_OTP', { otp })).toEqual(ok())
    expect(await hostRequest(page, 'IS_CONNECTED')).toEqual(ok({ isConnected: true }))
    await page.close()
  })
})
