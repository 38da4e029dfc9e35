import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { nativeTokenAddress } from '../../src/swap/swapTypes'
import { type AnvilNode, startAnvil } from '../../test/harness/anvil'
import {
  createFakeClock,
  startTestServer,
  type TestServer,
} from '../../test/harness/startTestServer'
import { sandboxCards } from './sandbox/sandboxCatalog'
import { sandboxSignatureHeader, signSandboxWebhook } from './sandbox/sandboxWebhook'

// The on-ramp of `latchkey serve --onramp` against the real parts: a SQLite file, anvil for the
// sandbox's deliveries, and the sandbox's card page and webhooks over HTTP.
const dapp = 'http://dapp.test:5173'
const secret = 'sandbox-webhook-secret-for-tests'
const buyer = '0x00000000000000000000000000000000000b0b01'
const clock = createFakeClock()
let anvil: AnvilNode
let t: TestServer

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  t = await startTestServer(
    { chains: { 1: anvil.rpcUrl }, onramp: { sandbox: { webhookSecret: secret } } },
    { clock },
  )
})
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

/** A page's call to the on-ramp routes, with its Origin. */
async function page(path: string, init: RequestInit & { origin?: string } = {}) {
  const response = await fetch(`${t.url}/v1/onramp${path}`, {
    ...init,
    headers: {
      origin: init.origin ?? dapp,
      'content-type': 'application/json',
      ...(init.headers as object),
    },
  })
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field in assertions
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const purchase = {
  chainId: 1,
  token: nativeTokenAddress,
  fiatCurrency: 'USD',
  fiatAmount: '100',
  country: 'US',
  paymentMethod: 'card',
}
const quoteQuery = (overrides: Record<string, string> = {}) =>
  `/quotes?${new URLSearchParams({ ...purchase, chainId: '1', ...overrides })}`
const start = async (provider = 'sandbox') =>
  (
    await page('/sessions', {
      method: 'POST',
      body: JSON.stringify({ ...purchase, provider, address: buyer }),
    })
  ).body.session as { id: string; widgetUrl: string; status: string }
const sessionOf = async (id: string) => (await page(`/sessions/${id}`)).body.session
/** Posts the sandbox's card form, as the visitor's browser does. */
const pay = (widgetUrl: string, card: string) =>
  fetch(widgetUrl, {
    method: 'POST',
    // as Chromium posts the form of a page sent with no referrer
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      origin: 'null',
    },
    body: new URLSearchParams({ card, expiry: '12/34', cvc: '123' }),
  })
/** A webhook signed as the sandbox signs, over exactly `raw`. */
const webhook = (raw: string, signed = raw, provider = 'sandbox', at = clock.now()) =>
  fetch(`${t.url}/v1/onramp/webhooks/${provider}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [sandboxSignatureHeader]: signSandboxWebhook(
        new TextEncoder().encode(secret),
        new TextEncoder().encode(signed),
        at,
      ),
    },
    body: raw,
  })
const event = (sessionId: string, status: string, extra: object = {}) =>
  JSON.stringify({ id: `evt-${status}`, provider: 'sandbox', sessionId, status, ...extra })
const balance = () =>
  createPublicClient({ transport: http(anvil.rpcUrl) }).getBalance({ address: buyer })
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; ; tries++) {
    const value = await read()
    if (done(value) || tries > 200) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('options and quotes', () => {
  test('default: two providers with 1 % and 2 % fees, the chain currency, country from the language', async () => {
    const { body } = await page('/options?projectId=p1', {
      headers: { 'accept-language': 'en-GB,en;q=0.8' },
    })
    expect(body.providers).toEqual([
      { id: 'sandbox', name: 'Sandbox Pay', feeBps: 100, paymentMethods: ['card'] },
      { id: 'sandbox-express', name: 'Sandbox Express', feeBps: 200, paymentMethods: ['card'] },
    ])
    expect(body.tokens).toEqual([
      { chainId: 1, address: nativeTokenAddress, symbol: 'ETH', name: 'Ether', decimals: 18 },
    ])
    expect(body.fiatCurrencies.map((currency: { code: string }) => currency.code)).toEqual([
      'USD',
      'EUR',
      'GBP',
    ])
    expect(body.country).toBe('GB')
  })

  test('behavior: each fee is exact to the cent (half up), the tokens rounded down, the best first', async () => {
    const { body } = await page(quoteQuery())
    expect(body.quotes).toEqual([
      expect.objectContaining({
        provider: 'sandbox',
        fiatAmount: '100.00',
        feeAmount: '1.00',
        feeBps: 100,
        cryptoAmount: '49500000000000000',
      }),
      expect.objectContaining({
        provider: 'sandbox-express',
        feeAmount: '2.00',
        feeBps: 200,
        cryptoAmount: '49000000000000000',
      }),
    ])
    const odd = (await page(quoteQuery({ fiatAmount: '33.33', fiatCurrency: 'EUR' }))).body.quotes
    // 0.3333 → 0.33 and 0.6666 → 0.67; (33.00 EUR / 1,850) ETH and (32.66 / 1,850), rounded down
    expect(odd.map((quote: { feeAmount: string }) => quote.feeAmount)).toEqual(['0.33', '0.67'])
    expect(odd.map((quote: { cryptoAmount: string }) => quote.cryptoAmount)).toEqual([
      '17837837837837837',
      '17654054054054054',
    ])
  })

  test('error: amounts out of range, what is not sold and foreign pages are refused by name', async () => {
    const low = await page(quoteQuery({ fiatAmount: '19.99' }))
    expect(low).toMatchObject({
      status: 400,
      body: { error: { name: 'OnrampAmountError', min: '20.00', max: '5000.00' } },
    })
    const token = await page(quoteQuery({ token: `0x${'12'.repeat(20)}` }))
    expect(token).toMatchObject({
      status: 400,
      body: { error: { name: 'OnrampNotSupportedError', what: 'token' } },
    })
    const chain = await page(quoteQuery({ chainId: '56' }))
    expect(chain.body.error.name).toBe('OnrampNotSupportedError')
    const bad = await page(quoteQuery({ fiatAmount: '1e3' }))
    expect(bad).toMatchObject({ status: 400, body: { error: { name: 'InvalidRequestError' } } })
    const evil = await page(quoteQuery(), { origin: 'https://evil.example' })
    expect(evil).toMatchObject({ status: 403, body: { error: { name: 'OriginNotAllowedError' } } })
  })
})

describe('a purchase', () => {
  test('default: the success card is paid, the tokens arrive on anvil, the purchase completes', async () => {
    const before = await balance()
    const session = await start()
    expect(session).toMatchObject({
      status: 'pending',
      widgetUrl: `${t.url}/onramp/sandbox/${session.id}`,
    })
    const card = await fetch(session.widgetUrl)
    expect(card.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await card.text()).toContain('Pay $100.00')
    const paid = await pay(session.widgetUrl, sandboxCards.success)
    expect(await paid.text()).toContain('Payment approved')
    const done = await until(
      () => sessionOf(session.id),
      (s) => s.status !== 'pending' && s.status !== 'processing',
    )
    expect(done).toMatchObject({
      status: 'completed',
      cryptoAmount: '49500000000000000',
      txHash: expect.stringMatching(/^0x/),
    })
    expect((await balance()) - before).toBe(49_500_000_000_000_000n)
    // a second payment of the same purchase delivers nothing more
    expect(await (await pay(session.widgetUrl, sandboxCards.success)).text()).toContain(
      'Nothing left to pay',
    )
    expect((await balance()) - before).toBe(49_500_000_000_000_000n)

    // replayed or late events are refused once it is final, and change nothing
    for (const late of [
      event(session.id, 'failed', { reason: 'late' }),
      event(session.id, 'processing'),
    ]) {
      const answer = await webhook(late)
      expect(answer.status).toBe(409)
      expect(((await answer.json()) as { error: { name: string } }).error.name).toBe(
        'OnrampSessionFinalError',
      )
    }
    expect((await sessionOf(session.id)).status).toBe('completed')
  })

  test('error: the declined card fails the purchase with card_declined and sends nothing', async () => {
    const before = await balance()
    const session = await start('sandbox-express')
    expect(await (await pay(session.widgetUrl, sandboxCards.declined)).text()).toContain(
      'Card declined',
    )
    expect(await sessionOf(session.id)).toMatchObject({
      status: 'failed',
      failureReason: 'card_declined',
      provider: 'sandbox-express',
    })
    expect(await balance()).toBe(before)
    const other = await pay(session.widgetUrl, '4111111111111111')
    expect(await other.text()).toContain('Nothing left to pay')
  })

  test('error: another project reads no purchase of this one; another site cannot pay one', async () => {
    const session = await start()
    const forged = await fetch(session.widgetUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
      body: new URLSearchParams({ card: sandboxCards.success, expiry: '12/34', cvc: '123' }),
    })
    expect(forged.status).toBe(403)
    expect((await sessionOf(session.id)).status).toBe('pending')
    expect((await page(`/sessions/${session.id}?projectId=other`)).body.error.name).toBe(
      'OnrampSessionNotFoundError',
    )
  })
})

describe('webhooks', () => {
  test('error: tampered, re-serialised, unsigned, stale or misrouted events are refused; the purchase does not move', async () => {
    const session = await start()
    const raw = event(session.id, 'completed', { txHash: `0x${'ab'.repeat(32)}` })
    const refusals = [
      // the body changed after signing
      await webhook(raw.replace('completed', 'processing'), raw),
      // the same event, its JSON spaced differently: the signature covers the raw bytes
      await webhook(JSON.stringify(JSON.parse(raw), null, 1), raw),
      await fetch(`${t.url}/v1/onramp/webhooks/sandbox`, { method: 'POST', body: raw }),
      await webhook(raw, raw, 'sandbox', clock.now() - 10 * 60_000),
      // signed for one provider, posted to the other's route
      await webhook(raw, raw, 'sandbox-express'),
    ]
    for (const answer of refusals) {
      expect(answer.status).toBe(401)
      expect(((await answer.json()) as { error: { name: string } }).error.name).toBe(
        'OnrampWebhookSignatureError',
      )
    }
    expect((await sessionOf(session.id)).status).toBe('pending')
    // the same bytes, as signed: accepted once, then idempotent
    const processing = event(session.id, 'processing')
    expect(await (await webhook(processing)).json()).toEqual({
      received: true,
      status: 'processing',
      changed: true,
    })
    expect(await (await webhook(processing)).json()).toEqual({
      received: true,
      status: 'processing',
      changed: false,
    })
  })
})
