import type { OnrampOptions, OnrampQuote } from '../../src/onramp/onrampTypes'
import type { OnrampSessionRecord } from '../storage/onrampSessionRecord'

/** A quote as JSON (its token amount as a decimal string). */
export function quoteToJson(quote: OnrampQuote) {
  return { ...quote, cryptoAmount: quote.cryptoAmount.toString() }
}

/** A purchase as the page sees it (server/API.md "Buy with card"): no project or origin. */
export function sessionToJson(
  session: OnrampSessionRecord,
  options: Pick<OnrampOptions, 'providers'>,
) {
  return {
    id: session.id,
    provider: session.provider,
    providerName:
      options.providers.find((provider) => provider.id === session.provider)?.name ??
      session.provider,
    status: session.status,
    widgetUrl: session.widgetUrl,
    chainId: session.chainId,
    token: session.token,
    symbol: session.symbol,
    decimals: session.decimals,
    address: session.address,
    fiatCurrency: session.fiatCurrency,
    fiatAmount: session.fiatAmount,
    feeAmount: session.feeAmount,
    cryptoAmount: session.cryptoAmount,
    ...(session.txHash ? { txHash: session.txHash } : {}),
    ...(session.failureReason ? { failureReason: session.failureReason } : {}),
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
  }
}
