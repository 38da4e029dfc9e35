import type { Address } from 'viem'
import type { OnrampQuote } from '../../src/onramp/onrampTypes'
import { type OnrampHookParameters, useOnrampClient } from '../onramp/useOnrampSetup'
import { type ClientQueryResult, useClientQuery } from '../useClientQuery'
import { useConnection } from '../useConnection'
import { useOnrampOptions } from './useOnrampOptions'

/** Parameters of {@link useOnrampQuotes}. */
export interface UseOnrampQuotesParameters extends OnrampHookParameters {
  /** The token bought (`nativeTokenAddress` for the chain's own currency). */
  token?: Address | undefined
  /** ISO 4217, e.g. `USD`. */
  fiatCurrency?: string | undefined
  /** The amount paid, fee included, as typed: a decimal with at most 2 decimals. */
  fiatAmount?: string | undefined
  /** @default the connected chain */
  chainId?: number | undefined
  /** @default the country the server guesses (`useOnrampOptions`) */
  country?: string | undefined
  /** @default 'card' */
  paymentMethod?: string | undefined
  query?: { enabled?: boolean | undefined } | undefined
}

/** What {@link useOnrampQuotes} returns: every provider's quote, the most tokens first. */
export type UseOnrampQuotesReturnType = ClientQueryResult<OnrampQuote[], Error>

/**
 * Every on-ramp provider's price for a purchase (fee included in the amount paid), the most
 * tokens first, kept 15 s. Errors are typed: `OnrampAmountError` (with `min` and `max`),
 * `OnrampNotSupportedError`, `RateLimitedError`, `OnrampProviderError` (docs/errors.md).
 * @example const { data: quotes } = useOnrampQuotes({ token, fiatCurrency: 'USD', fiatAmount: '100' })
 */
export function useOnrampQuotes(
  parameters: UseOnrampQuotesParameters = {},
): UseOnrampQuotesReturnType {
  const client = useOnrampClient(parameters)
  const connection = useConnection()
  const options = useOnrampOptions({ onramp: parameters.onramp })
  const chainId = parameters.chainId ?? connection.chainId
  const country = parameters.country ?? options.data?.country
  const { token, fiatCurrency, fiatAmount } = parameters
  const paymentMethod = parameters.paymentMethod ?? 'card'
  const amountOk = fiatAmount !== undefined && /^\d{1,12}(\.\d{1,2})?$/.test(fiatAmount)
  const enabled =
    (parameters.query?.enabled ?? true) &&
    client !== undefined &&
    chainId !== undefined &&
    token !== undefined &&
    fiatCurrency !== undefined &&
    country !== undefined &&
    amountOk &&
    Number(fiatAmount) > 0
  return useClientQuery<OnrampQuote[], Error>(
    [
      'latchkey',
      'onrampQuotes',
      {
        url: client?.url,
        chainId,
        token: token?.toLowerCase(),
        fiatCurrency,
        fiatAmount,
        country,
        paymentMethod,
      },
    ],
    enabled,
    () => {
      if (!client || chainId === undefined || !token || !fiatCurrency || !fiatAmount || !country)
        throw new TypeError('unreachable: the query is disabled')
      return client.quotes({ chainId, token, fiatCurrency, fiatAmount, country, paymentMethod })
    },
    15_000,
  )
}
