import { z } from 'zod'
import { InvalidRequestError } from '../../../src/errors/InvalidRequestError'
import { OnrampAmountError } from '../../../src/errors/OnrampAmountError'
import { OnrampNotSupportedError } from '../../../src/errors/OnrampNotSupportedError'
import { OnrampWebhookSignatureError } from '../../../src/errors/OnrampWebhookSignatureError'
import { feeCents, formatCents, toCents, tokensFor } from '../onrampMoney'
import type { OnrampEvent, OnrampProvider } from '../onrampProvider'
import type { SandboxMarket } from './sandboxCatalog'
import { sandboxSignatureHeader, sandboxSignatureProblem } from './sandboxWebhook'

/** The sandbox provider's own record of each payment (what its status answer reads). */
export type SandboxLedger = Map<string, OnrampEvent>

/** A sandbox webhook's body, read once its signature over the raw bytes is checked. */
export const sandboxWebhookSchema = z
  .object({
    id: z.string().min(1).max(64),
    provider: z.string().min(1).max(40),
    sessionId: z.string().min(1).max(64),
    status: z.enum(['processing', 'completed', 'failed']),
    txHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/)
      .transform((value) => value as `0x${string}`)
      .optional(),
    reason: z.string().min(1).max(80).optional(),
  })
  .strict()

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * One named sandbox provider: quotes from the sandbox's fixed prices with its own fee (fee
 * included in the amount paid, rounded half up to the cent; tokens rounded down), its card page
 * on this server as the widget, webhooks signed with `secret` (HMAC-SHA-256 over the raw body).
 */
export function createSandboxProvider(parameters: {
  info: { id: string; name: string; feeBps: number }
  market: SandboxMarket
  secret: Uint8Array
  ledger: SandboxLedger
  /** This server's public base URL, where the card page is. */
  baseUrl(): string
  now(): number
}): OnrampProvider {
  const { info, market, secret, ledger } = parameters
  return {
    info: { ...info, paymentMethods: market.catalog.paymentMethods },
    async catalog() {
      return market.catalog
    },
    async quote(request) {
      const { catalog } = market
      if (!catalog.paymentMethods.includes(request.paymentMethod))
        throw new OnrampNotSupportedError({ what: 'payment method' })
      if (!catalog.countries.includes(request.country))
        throw new OnrampNotSupportedError({ what: 'country' })
      const currency = catalog.fiatCurrencies.find((each) => each.code === request.fiatCurrency)
      const token = catalog.tokens.find(
        (each) => each.chainId === request.chainId && same(each.address, request.token),
      )
      if (!token) throw new OnrampNotSupportedError({ what: 'token' })
      const price = currency && market.priceCents(token.chainId, token.address, currency.code)
      if (!currency || !price) throw new OnrampNotSupportedError({ what: 'currency' })
      const cents = toCents(request.fiatAmount)
      if (cents < toCents(currency.min) || cents > toCents(currency.max))
        throw new OnrampAmountError({
          currency: currency.code,
          min: currency.min,
          max: currency.max,
        })
      const fee = feeCents(cents, info.feeBps)
      return {
        provider: info.id,
        providerName: info.name,
        chainId: token.chainId,
        token: token.address,
        fiatCurrency: currency.code,
        fiatAmount: formatCents(cents),
        feeAmount: formatCents(fee),
        feeBps: info.feeBps,
        cryptoAmount: tokensFor(cents - fee, price, token.decimals),
        paymentMethod: request.paymentMethod,
      }
    },
    async createSession({ id }) {
      return { widgetUrl: `${parameters.baseUrl()}/onramp/sandbox/${encodeURIComponent(id)}` }
    },
    verifyWebhook(body, headers) {
      const problem = sandboxSignatureProblem(
        secret,
        body,
        headers.get(sandboxSignatureHeader),
        parameters.now(),
      )
      if (problem) throw new OnrampWebhookSignatureError({ provider: info.id, reason: problem })
      let parsed: z.infer<typeof sandboxWebhookSchema>
      try {
        parsed = sandboxWebhookSchema.parse(JSON.parse(new TextDecoder().decode(body)))
      } catch {
        throw new InvalidRequestError({ reason: 'The webhook body is not a sandbox event.' })
      }
      if (parsed.provider !== info.id)
        throw new OnrampWebhookSignatureError({ provider: info.id, reason: 'Another provider.' })
      return {
        sessionId: parsed.sessionId,
        status: parsed.status,
        txHash: parsed.txHash,
        failureReason: parsed.reason,
      }
    },
    async status(session) {
      return ledger.get(session.id)
    },
  }
}
