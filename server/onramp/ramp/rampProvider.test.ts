import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import { type RampStandIn, startRampStandIn } from '../../../test/harness/startRampStandIn'
import {
  createFakeClock,
  startTestServer,
  type TestServer,
} from '../../../test/harness/startTestServer'

// `latchkey serve` with the Ramp adapter, its URLs and webhook key pointed at a loopback stand-in
// of Ramp's API (its shapes, its own ECDSA key): quotes, the widget URL, webhooks and status.
const dapp = 'http://dapp.test:5173'
const buyer = '0x00000000000000000000000000000000000b0b01'
const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const clock = createFakeClock()
let ramp: RampStandIn
let t: TestServer

beforeAll(async () => {
  ramp = await startRampStandIn()
  t = await startTestServer(
    {
      onramp: {
        ramp: {
          hostApiKey: ramp.hostApiKey,
          apiUrl: ramp.apiUrl,
          widgetUrl: ramp.widgetUrl,
          webhookPublicKey: ramp.publicKey,
          hostAppName: 'Latchkey test',
        },
      },
    },
    { clock },
  )
})
afterAll(async () => {
  await t?.close()
  await ramp?.close()
})

async function page(path: string, init: RequestInit = {}) {
  const response = await fetch(`${t.url}/v1/onramp${path}`, {
    ...init,
    headers: { origin: dapp, 'content-type': 'application/json' },
  })
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field in assertions
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const purchase = {
  chainId: 1,
  token: usdc,
  fiatCurrency: 'USD',
  fiatAmount: '100',
  country: 'DE',
  paymentMethod: 'card',
}
const quotes = (overrides: Record<string, string> = {}) =>
  page(`/quotes?${new URLSearchParams({ ...purchase, chainId: '1', ...overrides })}`)
const start = async (overrides: Record<string, unknown> = {}) =>
  (
    await page('/sessions', {
      method: 'POST',
      body: JSON.stringify({ ...purchase, provider: 'ramp', address: buyer, ...overrides }),
    })
  ).body.session as { id: string; widgetUrl: string; status: string }
const sessionOf = async (id: string) => (await page(`/sessions/${id}`)).body.session

describe('Ramp adapter', () => {
  test('default: the catalog is Ramp’s assets on card-payment chains, with its limits per currency', async () => {
    const { status, body } = await page('/options')
    expect(status).toBe(200)
    expect(body.providers).toEqual([
      { id: 'ramp', name: 'Ramp', feeBps: 249, paymentMethods: ['card'] },
    ])
    expect(body.tokens).toEqual([
      { chainId: 1, address: nativeTokenAddress, symbol: 'ETH', name: 'Ether', decimals: 18 },
      { chainId: 1, address: usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
    ])
    expect(body.fiatCurrencies).toContainEqual({
      code: 'GBP',
      name: 'British Pound',
      symbol: '£',
      min: '15.00',
      max: '4000.00',
    })
    // the host API key is sent; no call goes anywhere but the stand-in
    expect(ramp.requests.every((each) => each.query.hostApiKey === ramp.hostApiKey)).toBe(true)
  })

  test('behavior: a quote maps Ramp’s card price (fee included, tokens in base units)', async () => {
    const { status, body } = await quotes()
    expect(status).toBe(200)
    // 100 USD: fee 2.49 % + 0.50 = 2.99; 97.01 USDC at 1 USD
    expect(body.quotes).toEqual([
      {
        provider: 'ramp',
        providerName: 'Ramp',
        chainId: 1,
        token: usdc,
        fiatCurrency: 'USD',
        fiatAmount: '100.00',
        feeAmount: '2.99',
        feeBps: 299,
        cryptoAmount: '97010000',
        paymentMethod: 'card',
      },
    ])
    expect(ramp.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/host-api/v3/onramp/quote/all',
    })
  })

  test('behavior: errors map to the on-ramp’s typed errors', async () => {
    const limits = await quotes({ fiatAmount: '10' })
    expect(limits.status).toBe(400)
    expect(limits.body.error).toMatchObject({ name: 'OnrampAmountError' })
    expect((await quotes({ country: 'KP' })).body.error.name).toBe('OnrampNotSupportedError')
    expect((await quotes({ token: buyer })).body.error.name).toBe('OnrampNotSupportedError')
    ramp.fail = { status: 400, code: 'SWAP.VALIDATION.FIAT_AMOUNT_TOO_LOW' }
    try {
      expect((await quotes()).body.error.name).toBe('OnrampAmountError')
      ramp.fail = { status: 503, code: 'SERVICE_UNAVAILABLE' }
      const down = await quotes()
      expect(down.status).toBe(502)
      expect(down.body.error.name).toBe('OnrampProviderError')
    } finally {
      ramp.fail = undefined
    }
  })

  test('behavior: the widget URL carries the asset, amount, address, country, webhook and return URLs', async () => {
    const session = await start()
    const url = new URL(session.widgetUrl)
    expect(`${url.origin}${url.pathname}`).toBe(ramp.widgetUrl)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      hostApiKey: ramp.hostApiKey,
      swapAsset: 'ETH_USDC',
      fiatCurrency: 'USD',
      fiatValue: '100.00',
      userAddress: buyer,
      selectedCountryCode: 'DE',
      paymentMethodType: 'CARD',
      webhookStatusUrl: `${t.url}/v1/onramp/webhooks/ramp?session=${session.id}`,
      finalUrl: `${t.url}/onramp/return`,
      hostAppName: 'Latchkey test',
      variant: 'hosted-auto',
    })
    const back = await fetch(`${t.url}/onramp/return`)
    expect(await back.text()).toContain('You can close this window')
  })

  test('behavior: signed webhooks move the purchase; tampered or foreign ones are refused', async () => {
    const session = await start()
    const hook = new URL(session.widgetUrl).searchParams.get('webhookStatusUrl') as string
    const paid = ramp.pay(session.widgetUrl, new Date(clock.now()))
    expect((await ramp.webhook(hook, 'CREATED', paid)).status).toBe(200)
    expect((await sessionOf(session.id)).status).toBe('pending')

    // a body changed after signing, and a missing signature
    const released = { ...paid, status: 'RELEASED', finalTxHash: `0x${'ab'.repeat(32)}` }
    const tampered = await ramp.webhook(hook, 'RELEASED', released, {
      signature: ramp.sign({ type: 'RELEASED', purchase: { ...released, cryptoAmount: '1' } }),
    })
    expect(tampered.status).toBe(401)
    expect((await tampered.json()).error.name).toBe('OnrampWebhookSignatureError')
    const unsigned = await fetch(hook, { method: 'POST', body: JSON.stringify({}) })
    expect(unsigned.status).toBe(401)
    // a genuine event of another purchase (another receiver) posted to this session's URL
    const other = ramp.pay(session.widgetUrl.replace(buyer, `0x${'0c'.repeat(20)}`))
    expect((await ramp.webhook(hook, 'RELEASED', { ...other, status: 'RELEASED' })).status).toBe(
      401,
    )
    expect((await sessionOf(session.id)).status).toBe('pending')

    expect((await ramp.webhook(hook, 'RELEASED', released)).status).toBe(200)
    expect(await sessionOf(session.id)).toMatchObject({
      status: 'completed',
      txHash: released.finalTxHash,
    })
  })

  test('behavior: with its webhook lost, the purchase follows Ramp’s status API', async () => {
    const session = await start({ token: nativeTokenAddress, fiatAmount: '50' })
    const hook = new URL(session.widgetUrl).searchParams.get('webhookStatusUrl') as string
    const paid = ramp.pay(session.widgetUrl, new Date(clock.now()))
    expect((await ramp.webhook(hook, 'CREATED', paid)).status).toBe(200)
    // Ramp declines the card; its webhook never arrives
    paid.status = 'PAYMENT_FAILED'
    clock.advance(20_000)
    expect(await sessionOf(session.id)).toMatchObject({
      status: 'failed',
      failureReason: 'payment_failed',
    })
    expect(ramp.requests.at(-1)).toMatchObject({
      path: `/api/host-api/purchase/${paid.id}`,
      query: { secret: paid.purchaseViewToken },
    })
  })
})
