import type { z } from 'zod'
import { InvalidRequestError } from '../../../src/errors/InvalidRequestError'
import { OnrampAmountError } from '../../../src/errors/OnrampAmountError'
import { OnrampNotSupportedError } from '../../../src/errors/OnrampNotSupportedError'
import { OnrampProviderError } from '../../../src/errors/OnrampProviderError'
import { OnrampWebhookSignatureError } from '../../../src/errors/OnrampWebhookSignatureError'
import type { OnrampFiatCurrency, OnrampToken } from '../../../src/onramp/onrampTypes'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'
import { formatCents, toCents } from '../onrampMoney'
import type { RampOptions } from '../onrampOptions'
import type { OnrampCatalog, OnrampEvent, OnrampProvider } from '../onrampProvider'
import {
  isRampSignature,
  rampAssetsSchema,
  rampChains,
  rampErrorSchema,
  rampPurchaseSchema,
  rampQuoteSchema,
  rampStatus,
  rampWebhookSchema,
} from './rampWire'

/** How long what Ramp sells (its assets and limits per currency) is reused. */
const catalogMs = 5 * 60_000
const id = 'ramp'
const money = (value: number) => formatCents(BigInt(Math.round(value * 100)))

/**
 * Ramp Network as an {@link OnrampProvider}, with nothing secret: quotes from its public host API
 * (`/host-api/v3/onramp/quote/all`, card payments), its hosted widget as the page where the
 * visitor pays (asset, amount, address, country and our webhook and return URLs in the query),
 * webhooks checked with its public key, and its purchase status API with the purchase's view
 * token (bound to the session by the first verified webhook).
 */
export function createRampProvider(parameters: {
  options: RampOptions
  timeoutMs: number
  /** This server's public base URL: the webhook and return addresses. */
  baseUrl(): string
  fetch?: typeof globalThis.fetch | undefined
}): OnrampProvider {
  const { options } = parameters
  const api = options.apiUrl.replace(/\/$/, '')
  const send = parameters.fetch ?? ((input, init) => globalThis.fetch(input, init))
  let cached: { at: number; catalog: Promise<OnrampCatalog> } | undefined

  async function call<T>(path: string, schema: z.ZodType<T>, init?: RequestInit): Promise<T> {
    let response: Response
    try {
      response = await send(`${api}${path}`, {
        ...init,
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        signal: AbortSignal.timeout(parameters.timeoutMs),
      })
    } catch (cause) {
      throw new OnrampProviderError({ provider: id, status: 0, cause })
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const code = rampErrorSchema.safeParse(json).data?.code ?? ''
      throw Object.assign(
        new OnrampProviderError({ provider: id, status: response.status, details: code }),
        { code },
      )
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success)
      throw new OnrampProviderError({ provider: id, status: 200, details: parsed.error.message })
    return parsed.data
  }
  const key = `hostApiKey=${encodeURIComponent(options.hostApiKey)}`

  async function readCatalog(): Promise<OnrampCatalog> {
    const answers = await Promise.all(
      options.fiatCurrencies.map((code) =>
        call(`/host-api/v3/assets?currencyCode=${code}&${key}`, rampAssetsSchema),
      ),
    )
    const fiatCurrencies: OnrampFiatCurrency[] = answers.map((answer, index) => {
      const code = options.fiatCurrencies[index] as string
      const symbol = new Intl.NumberFormat('en', { style: 'currency', currency: code })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value
      return {
        code,
        name: new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code,
        symbol: symbol ?? code,
        min: money(answer.minPurchaseAmount),
        max: money(answer.maxPurchaseAmount > 0 ? answer.maxPurchaseAmount : 1_000_000),
      }
    })
    const tokens: OnrampToken[] = []
    for (const asset of answers[0]?.assets ?? []) {
      const chainId = rampChains[asset.chain]
      if (!chainId || asset.enabled === false || asset.hidden === true) continue
      const native = asset.type === 'NATIVE' || !asset.address
      if (!native && !/^0x[0-9a-fA-F]{40}$/.test(asset.address ?? '')) continue
      tokens.push({
        chainId,
        address: native ? nativeTokenAddress : (asset.address as `0x${string}`),
        symbol: asset.symbol,
        name: asset.name,
        decimals: asset.decimals,
      })
    }
    return { fiatCurrencies, countries: options.countries, paymentMethods: ['card'], tokens }
  }
  const catalog = () => {
    const now = Date.now()
    if (!cached || now - cached.at > catalogMs) {
      const entry = { at: now, catalog: readCatalog() }
      entry.catalog.catch(() => {
        if (cached === entry) cached = undefined
      })
      cached = entry
    }
    return cached.catalog
  }
  /** Ramp's `CHAIN_SYMBOL` of a token it sells, or undefined. */
  const assetOf = (tokens: readonly OnrampToken[], chainId: number, token: string) => {
    const found = tokens.find(
      (each) => each.chainId === chainId && each.address.toLowerCase() === token.toLowerCase(),
    )
    const chain = Object.keys(rampChains).find((name) => rampChains[name] === chainId)
    return found && chain ? `${chain}_${found.symbol}` : undefined
  }
  /** What Ramp says of a purchase, as our event of session `sessionId`. */
  const eventOf = (
    sessionId: string,
    purchase: z.output<typeof rampPurchaseSchema>,
    viewToken: string,
    type?: string,
  ): OnrampEvent => {
    const status = rampStatus(purchase.status, type)
    const { chain } = purchase.asset
    return {
      sessionId,
      status,
      txHash: status === 'completed' ? (purchase.finalTxHash as `0x${string}`) : undefined,
      failureReason: status === 'failed' ? (type ?? purchase.status).toLowerCase() : undefined,
      purchase: {
        ref: `${purchase.id}:${viewToken}`,
        address: purchase.receiverAddress,
        // v3 assets name their chain; an older purchase shape may not (then only the token is compared)
        chainId: chain === undefined ? undefined : (rampChains[chain] ?? 0),
        token: purchase.asset.address ?? nativeTokenAddress,
        createdAt: Date.parse(purchase.createdAt),
      },
    }
  }

  return {
    info: { id, name: 'Ramp', feeBps: 249, paymentMethods: ['card'] },
    catalog,
    async quote(request) {
      const { fiatCurrencies, countries, tokens } = await catalog()
      if (request.paymentMethod !== 'card')
        throw new OnrampNotSupportedError({ what: 'payment method' })
      if (!countries.includes(request.country))
        throw new OnrampNotSupportedError({ what: 'country' })
      const currency = fiatCurrencies.find((each) => each.code === request.fiatCurrency)
      if (!currency) throw new OnrampNotSupportedError({ what: 'currency' })
      const asset = assetOf(tokens, request.chainId, request.token)
      if (!asset) throw new OnrampNotSupportedError({ what: 'token' })
      const cents = toCents(request.fiatAmount)
      const limits = { currency: currency.code, min: currency.min, max: currency.max }
      if (cents < toCents(currency.min) || cents > toCents(currency.max))
        throw new OnrampAmountError(limits)
      const answer = await call(`/host-api/v3/onramp/quote/all?${key}`, rampQuoteSchema, {
        method: 'POST',
        body: JSON.stringify({
          cryptoAssetSymbol: asset,
          fiatCurrency: currency.code,
          fiatValue: Number(formatCents(cents)),
        }),
      }).catch((error: unknown) => {
        const code = (error as { code?: string }).code ?? ''
        if (/AMOUNT|LIMIT|TOO_(LOW|HIGH)/.test(code)) throw new OnrampAmountError(limits)
        if (/ASSET|CURRENCY|NOT_SUPPORTED/.test(code))
          throw new OnrampNotSupportedError({ what: 'token' })
        throw error
      })
      const card = answer.CARD_PAYMENT
      if (!card || `${answer.asset.chain}_${answer.asset.symbol}` !== asset)
        throw new OnrampNotSupportedError({ what: 'payment method' })
      return {
        provider: id,
        providerName: 'Ramp',
        chainId: request.chainId,
        token: request.token,
        fiatCurrency: currency.code,
        fiatAmount: formatCents(cents),
        feeAmount: money(card.appliedFee),
        feeBps: Math.round((card.appliedFee / Number(formatCents(cents))) * 10_000),
        cryptoAmount: BigInt(card.cryptoAmount),
        paymentMethod: 'card',
      }
    },
    async createSession({ id: sessionId, request }) {
      const asset = assetOf((await catalog()).tokens, request.chainId, request.token)
      if (!asset) throw new OnrampNotSupportedError({ what: 'token' })
      const base = parameters.baseUrl()
      const url = new URL(options.widgetUrl)
      const query: Record<string, string | undefined> = {
        hostApiKey: options.hostApiKey,
        swapAsset: asset,
        fiatCurrency: request.fiatCurrency,
        fiatValue: formatCents(toCents(request.fiatAmount)),
        userAddress: request.address,
        selectedCountryCode: request.country,
        paymentMethodType: 'CARD',
        webhookStatusUrl: `${base}/v1/onramp/webhooks/${id}?session=${encodeURIComponent(sessionId)}`,
        finalUrl: `${base}/onramp/return`,
        hostAppName: options.hostAppName,
        hostLogoUrl: options.hostLogoUrl,
        variant: 'hosted-auto',
      }
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(name, value)
      return { widgetUrl: url.toString() }
    },
    verifyWebhook(body, headers, url) {
      const refuse = (reason: string) => new OnrampWebhookSignatureError({ provider: id, reason })
      const signature = headers.get('x-body-signature')
      if (!signature) throw refuse('No signature header.')
      let json: unknown
      try {
        json = JSON.parse(new TextDecoder().decode(body))
      } catch {
        throw refuse('The body is not JSON.')
      }
      if (!isRampSignature(json, signature, options.webhookPublicKey))
        throw refuse('Wrong signature.')
      const parsed = rampWebhookSchema.safeParse(json)
      if (!parsed.success)
        throw new InvalidRequestError({ reason: 'The webhook body is not a Ramp purchase event.' })
      const sessionId = url.searchParams.get('session')
      if (!sessionId) throw new InvalidRequestError({ reason: 'No session in the webhook URL.' })
      const { purchase, type } = parsed.data
      return eventOf(sessionId, purchase, purchase.purchaseViewToken, type)
    },
    async status(session) {
      const at = session.providerRef?.indexOf(':') ?? -1
      if (!session.providerRef || at < 1) return undefined
      const purchaseId = session.providerRef.slice(0, at)
      const secret = session.providerRef.slice(at + 1)
      const purchase = await call(
        `/host-api/purchase/${encodeURIComponent(purchaseId)}?secret=${encodeURIComponent(secret)}`,
        rampPurchaseSchema,
      )
      return eventOf(session.id, purchase, secret)
    },
  }
}
