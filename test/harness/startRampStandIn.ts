import { generateKeyPairSync, randomUUID, sign } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { stableStringify } from '../../server/onramp/ramp/rampWire'

/** A token the stand-in sells, in the shape of Ramp's v3 assets. */
interface StandInAsset {
  symbol: string
  chain: string
  type: string
  address: string | null
  name: string
  decimals: number
  /** USD per whole token. */
  priceUsd: number
}

const assets: StandInAsset[] = [
  {
    symbol: 'ETH',
    chain: 'ETH',
    type: 'NATIVE',
    address: null,
    name: 'Ether',
    decimals: 18,
    priceUsd: 2000,
  },
  {
    symbol: 'USDC',
    chain: 'ETH',
    type: 'ERC20',
    address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    name: 'USD Coin',
    decimals: 6,
    priceUsd: 1,
  },
  // a chain Latchkey does not map: left out of the catalog
  {
    symbol: 'SOL',
    chain: 'SOLANA',
    type: 'NATIVE',
    address: null,
    name: 'Solana',
    decimals: 9,
    priceUsd: 150,
  },
]
const rates: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.8 }

/** A purchase the stand-in made, as its API answers it. */
export interface StandInPurchase {
  id: string
  status: string
  receiverAddress: string
  asset: {
    symbol: string
    chain: string
    address: string | null
    type: string
    name: string
    decimals: number
  }
  cryptoAmount: string
  fiatCurrency: string
  fiatValue: number
  finalTxHash?: string
  purchaseViewToken: string
  createdAt: string
  updatedAt: string
}

/** A loopback stand-in of Ramp Network's host API, in its documented shapes, with its own key. */
export interface RampStandIn {
  apiUrl: string
  widgetUrl: string
  hostApiKey: string
  /** The PEM public key of the stand-in's webhook signatures (an ECDSA secp256k1 key). */
  publicKey: string
  /** Every call: method, path and query. */
  requests: { method: string; path: string; query: Record<string, string> }[]
  /** Answers every call with this HTTP status and `{ code }` while set. */
  fail: { status: number; code: string } | undefined
  purchases: Map<string, StandInPurchase>
  /** What the visitor does in the widget at `widgetUrl`: a purchase by its parameters. */
  pay(widgetUrl: string, at?: Date): StandInPurchase
  /** Posts `purchase` as a signed webhook to the widget's `webhookStatusUrl` (`body` as is when given). */
  webhook(
    webhookUrl: string,
    type: string,
    purchase: StandInPurchase,
    options?: { signature?: string; body?: string },
  ): Promise<Response>
  /** The signature header of a body, as the stand-in signs. */
  sign(body: unknown): string
  close(): Promise<void>
}

/** Starts the stand-in on 127.0.0.1 (a random port); fees 2.49 % plus a fixed 0.50. */
export async function startRampStandIn(): Promise<RampStandIn> {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' })
  const hostApiKey = `standin-${randomUUID()}`
  const state = {
    requests: [] as RampStandIn['requests'],
    fail: undefined as RampStandIn['fail'],
    purchases: new Map<string, StandInPurchase>(),
  }
  const json = (status: number, body: unknown) => ({ status, body })
  const limits = (currency: string) => ({
    currencyCode: currency,
    minPurchaseAmount: currency === 'GBP' ? 15 : 20,
    maxPurchaseAmount: currency === 'GBP' ? 4000 : 5000,
  })
  const route = (method: string, url: URL, body: string) => {
    state.requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams) })
    if (state.fail) return json(state.fail.status, { code: state.fail.code, message: 'failed' })
    const purchaseMatch = /^\/api\/host-api\/purchase\/([^/]+)$/.exec(url.pathname)
    if (purchaseMatch) {
      const purchase = state.purchases.get(decodeURIComponent(purchaseMatch[1] ?? ''))
      if (!purchase || purchase.purchaseViewToken !== url.searchParams.get('secret'))
        return json(404, { code: 'PURCHASE_NOT_FOUND' })
      const { purchaseViewToken: _, ...shown } = purchase
      return json(200, shown)
    }
    if (url.searchParams.get('hostApiKey') !== hostApiKey)
      return json(401, { code: 'HOST_API_KEY_INVALID' })
    const currency = url.searchParams.get('currencyCode') ?? 'EUR'
    if (method === 'GET' && url.pathname === '/api/host-api/v3/assets')
      return json(200, {
        assets: assets.map(({ priceUsd: _, ...asset }) => ({
          ...asset,
          enabled: true,
          hidden: false,
        })),
        ...limits(currency),
      })
    if (method === 'POST' && url.pathname === '/api/host-api/v3/onramp/quote/all') {
      const asked = JSON.parse(body) as {
        cryptoAssetSymbol: string
        fiatCurrency: string
        fiatValue: number
      }
      const asset = assets.find(
        (each) => `${each.chain}_${each.symbol}` === asked.cryptoAssetSymbol,
      )
      const rate = rates[asked.fiatCurrency]
      if (!asset || !rate) return json(400, { code: 'SWAP.VALIDATION.ASSET_NOT_SUPPORTED' })
      const { minPurchaseAmount, maxPurchaseAmount } = limits(asked.fiatCurrency)
      if (asked.fiatValue < minPurchaseAmount || asked.fiatValue > maxPurchaseAmount)
        return json(400, { code: 'SWAP.VALIDATION.FIAT_AMOUNT_TOO_LOW_OR_HIGH' })
      const appliedFee = Math.round((asked.fiatValue * 0.0249 + 0.5) * 100) / 100
      const tokens = (asked.fiatValue - appliedFee) / (asset.priceUsd * rate)
      const { priceUsd: _, ...shown } = asset
      return json(200, {
        asset: shown,
        CARD_PAYMENT: {
          fiatCurrency: asked.fiatCurrency,
          fiatValue: asked.fiatValue,
          cryptoAmount: BigInt(Math.floor(tokens * 10 ** asset.decimals)).toString(),
          appliedFee,
          baseRampFee: appliedFee,
        },
      })
    }
    return json(404, { code: 'NOT_FOUND' })
  }
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      const answer = route(
        request.method ?? 'GET',
        new URL(request.url ?? '/', 'http://standin'),
        body,
      )
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const signBody = (body: unknown) =>
    sign('sha256', Buffer.from(stableStringify(body)), privateKey).toString('base64')
  return {
    apiUrl: `http://127.0.0.1:${port}/api`,
    widgetUrl: `http://127.0.0.1:${port}/widget`,
    hostApiKey,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    get requests() {
      return state.requests
    },
    get fail() {
      return state.fail
    },
    set fail(value) {
      state.fail = value
    },
    purchases: state.purchases,
    pay(widgetUrl, at = new Date()) {
      const query = new URL(widgetUrl).searchParams
      const [chain, symbol] = (query.get('swapAsset') ?? '').split('_')
      const asset = assets.find((each) => each.chain === chain && each.symbol === symbol)
      if (!asset) throw new TypeError(`the stand-in sells no ${query.get('swapAsset')}`)
      const { priceUsd, ...shown } = asset
      const fiatValue = Number(query.get('fiatValue'))
      const purchase: StandInPurchase = {
        id: randomUUID(),
        status: 'INITIALIZED',
        receiverAddress: query.get('userAddress') ?? '',
        asset: shown,
        cryptoAmount: BigInt(Math.floor((fiatValue / priceUsd) * 10 ** asset.decimals)).toString(),
        fiatCurrency: query.get('fiatCurrency') ?? '',
        fiatValue,
        purchaseViewToken: randomUUID(),
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      }
      state.purchases.set(purchase.id, purchase)
      return purchase
    },
    webhook(webhookUrl, type, purchase, options = {}) {
      const event = { type, purchase }
      return fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-body-signature': options.signature ?? signBody(event),
        },
        // Ramp's own serialisation (the signature covers the stable form, not these bytes)
        body: options.body ?? JSON.stringify(event, null, 1),
      })
    },
    sign: signBody,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
