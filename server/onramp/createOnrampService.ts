import { randomBytes } from 'node:crypto'
import { OnrampAmountError } from '../../src/errors/OnrampAmountError'
import { OnrampNotSupportedError } from '../../src/errors/OnrampNotSupportedError'
import { OnrampSessionFinalError } from '../../src/errors/OnrampSessionFinalError'
import { OnrampSessionNotFoundError } from '../../src/errors/OnrampSessionNotFoundError'
import { OnrampWebhookSignatureError } from '../../src/errors/OnrampWebhookSignatureError'
import {
  isFinalOnrampStatus,
  type OnrampOptions,
  type OnrampQuote,
  type OnrampQuoteRequest,
  type OnrampSessionRequest,
  type OnrampStatus,
} from '../../src/onramp/onrampTypes'
import type { ServerContext } from '../context'
import type { OnrampSessionRecord } from '../storage/onrampSessionRecord'
import type { OnrampEvent, OnrampProvider } from './onrampProvider'

/** How far along each status is: an event moves a purchase only to a later one. */
const rank: Record<OnrampStatus, number> = { pending: 0, processing: 1, completed: 2, failed: 2 }
/** Least time between two status questions to a provider about one purchase. */
const statusCheckMs = 15_000
/** How much earlier than the session a provider's clock may date its purchase. */
const purchaseClockSkewMs = 5 * 60_000

/** The on-ramp of `latchkey serve`: its providers, and the purchases in the database. */
export interface OnrampService {
  providers: readonly OnrampProvider[]
  /** Everything the providers offer together; `country` guessed from `Accept-Language`. */
  options(acceptLanguage: string | undefined): Promise<OnrampOptions>
  /** Every provider's price for `request`, the most tokens first. */
  quotes(request: OnrampQuoteRequest): Promise<OnrampQuote[]>
  /** Prices the purchase again (the page's numbers are never used), asks the provider, stores it. */
  createSession(
    request: OnrampSessionRequest,
    owner: { projectId: string; origin: string },
  ): Promise<OnrampSessionRecord>
  /** A purchase of the project, asking its provider when a non-final one was not heard of lately. */
  session(id: string, projectId: string): Promise<OnrampSessionRecord>
  /**
   * Applies a provider's event: forward only; `changed` false when it says nothing new.
   * @throws {OnrampSessionFinalError} the purchase is completed or failed already
   */
  apply(providerId: string, event: OnrampEvent): Promise<{ status: OnrampStatus; changed: boolean }>
}

function guessCountry(acceptLanguage: string | undefined, countries: readonly string[]): string {
  for (const match of (acceptLanguage ?? '').matchAll(/[a-z]{2,3}-([A-Z]{2})/gi)) {
    const country = match[1]?.toUpperCase()
    if (country && countries.includes(country)) return country
  }
  return countries.includes('US') ? 'US' : (countries[0] ?? 'US')
}

/** The service over `providers`, keeping purchases in `context.storage`. */
export function createOnrampService(
  context: Pick<ServerContext, 'storage' | 'now' | 'logger'>,
  providers: readonly OnrampProvider[],
): OnrampService {
  const byId = new Map(providers.map((provider) => [provider.info.id, provider]))
  const checkedAt = new Map<string, number>()
  const providerOf = (id: string) => {
    const provider = byId.get(id)
    if (!provider) throw new OnrampNotSupportedError({ what: 'provider' })
    return provider
  }

  // An event that names the provider's purchase must be of this session's purchase: the first
  // one binds it (atomically), later ones must name the same; and it must be to the session's
  // address and token, started after the session (a replayed event of an older one is not).
  const bindPurchase = async (
    providerId: string,
    session: OnrampSessionRecord,
    purchase: NonNullable<OnrampEvent['purchase']>,
  ) => {
    const storage = context.storage.onrampSessions
    const refuse = (reason: string) => {
      throw new OnrampWebhookSignatureError({ provider: providerId, reason })
    }
    if (
      purchase.address.toLowerCase() !== session.address.toLowerCase() ||
      (purchase.chainId !== undefined && purchase.chainId !== session.chainId) ||
      purchase.token.toLowerCase() !== session.token.toLowerCase()
    )
      refuse('The event is of another purchase.')
    if (purchase.createdAt < session.createdAt - purchaseClockSkewMs)
      refuse('The purchase started before the session.')
    if (session.providerRef === null && (await storage.bind(session.id, purchase.ref))) return
    // bound before, or by a concurrent event meanwhile
    const bound = session.providerRef ?? (await storage.find(session.id))?.providerRef
    if (bound !== purchase.ref) refuse('The event is of another purchase.')
  }

  const apply: OnrampService['apply'] = async (providerId, event) => {
    const session = await context.storage.onrampSessions.find(event.sessionId)
    if (!session || session.provider !== providerId) throw new OnrampSessionNotFoundError()
    if (event.purchase) await bindPurchase(providerId, session, event.purchase)
    if (isFinalOnrampStatus(session.status))
      throw new OnrampSessionFinalError({ status: session.status })
    if (rank[event.status] <= rank[session.status])
      return { status: session.status, changed: false }
    const from = (Object.keys(rank) as OnrampStatus[]).filter(
      (status) => rank[status] < rank[event.status],
    )
    const changed = await context.storage.onrampSessions.advance(
      session.id,
      from,
      { status: event.status, txHash: event.txHash, failureReason: event.failureReason },
      context.now(),
    )
    if (changed) return { status: event.status, changed }
    // another event moved it meanwhile
    const now = await context.storage.onrampSessions.find(session.id)
    if (now && isFinalOnrampStatus(now.status)) throw new OnrampSessionFinalError(now)
    return { status: now?.status ?? session.status, changed: false }
  }

  return {
    providers,
    async options(acceptLanguage) {
      const catalogs = await Promise.all(providers.map((provider) => provider.catalog()))
      const unique = <T>(items: T[], key: (item: T) => string) => [
        ...new Map(items.map((item) => [key(item), item])).values(),
      ]
      const countries = unique(
        catalogs.flatMap((catalog) => catalog.countries),
        (code) => code,
      )
      return {
        providers: providers.map((provider) => provider.info),
        fiatCurrencies: unique(
          catalogs.flatMap((catalog) => catalog.fiatCurrencies),
          (currency) => currency.code,
        ),
        paymentMethods: unique(
          catalogs.flatMap((catalog) => catalog.paymentMethods),
          (method) => method,
        ),
        countries,
        country: guessCountry(acceptLanguage, countries),
        tokens: unique(
          catalogs.flatMap((catalog) => catalog.tokens),
          (token) => `${token.chainId}:${token.address.toLowerCase()}`,
        ),
      }
    },
    async quotes(request) {
      const answers = await Promise.allSettled(providers.map((provider) => provider.quote(request)))
      const quotes = answers.flatMap((answer) =>
        answer.status === 'fulfilled' ? [answer.value] : [],
      )
      if (quotes.length === 0) {
        const reasons = answers.flatMap((answer) =>
          answer.status === 'rejected' ? [answer.reason as unknown] : [],
        )
        // an amount outside the limits says more than "not offered"
        throw (
          reasons.find((reason) => reason instanceof OnrampAmountError) ??
          reasons[0] ??
          new OnrampNotSupportedError({ what: 'provider' })
        )
      }
      return quotes.sort((a, b) =>
        a.cryptoAmount === b.cryptoAmount ? 0 : a.cryptoAmount > b.cryptoAmount ? -1 : 1,
      )
    },
    async createSession(request, owner) {
      const provider = providerOf(request.provider)
      const quote = await provider.quote(request)
      const catalog = await provider.catalog()
      const token = catalog.tokens.find(
        (each) =>
          each.chainId === quote.chainId &&
          each.address.toLowerCase() === quote.token.toLowerCase(),
      )
      if (!token) throw new OnrampNotSupportedError({ what: 'token' })
      const id = `ors_${randomBytes(16).toString('base64url')}`
      const { widgetUrl } = await provider.createSession({ id, request, quote })
      const now = context.now()
      const record: OnrampSessionRecord = {
        id,
        provider: provider.info.id,
        projectId: owner.projectId,
        origin: owner.origin,
        address: request.address.toLowerCase() as `0x${string}`,
        chainId: quote.chainId,
        token: token.address,
        symbol: token.symbol,
        decimals: token.decimals,
        fiatCurrency: quote.fiatCurrency,
        fiatAmount: quote.fiatAmount,
        feeAmount: quote.feeAmount,
        cryptoAmount: quote.cryptoAmount.toString(),
        paymentMethod: quote.paymentMethod,
        country: request.country,
        widgetUrl,
        status: 'pending',
        txHash: null,
        failureReason: null,
        providerRef: null,
        createdAt: now,
        updatedAt: now,
      }
      await context.storage.onrampSessions.create(record)
      return record
    },
    async session(id, projectId) {
      const session = await context.storage.onrampSessions.find(id)
      if (!session || session.projectId !== projectId) throw new OnrampSessionNotFoundError()
      if (isFinalOnrampStatus(session.status)) return session
      const now = context.now()
      if (now - (checkedAt.get(id) ?? session.updatedAt) < statusCheckMs) return session
      checkedAt.set(id, now)
      if (checkedAt.size > 10_000) checkedAt.delete(checkedAt.keys().next().value as string)
      const event = await byId
        .get(session.provider)
        ?.status(session)
        .catch(() => undefined)
      if (!event || event.sessionId !== id) return session
      await apply(session.provider, event).catch(() => undefined)
      return (await context.storage.onrampSessions.find(id)) ?? session
    },
    apply,
  }
}
