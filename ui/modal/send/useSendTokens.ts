import { useMemo } from 'react'
import type { SendToken } from '../../../src/machines/sendTypes'
import { useTokenBalances } from '../../hooks/useTokenBalances'

/** A token the account can send, with its balance in whole units when known. */
export interface SendTokenOption {
  token: SendToken
  /** e.g. '12.5'; undefined when unknown. */
  balance: string | undefined
}

/** What {@link useSendTokens} returns. */
export interface SendTokens {
  options: SendTokenOption[]
  /** The token balances could not be read: only the native currency is listed. */
  unavailable: boolean
  isLoading: boolean
}

const key = (token: SendToken) => token.address?.toLowerCase() ?? 'native'

/**
 * The tokens the send form offers: the chain's own currency first, then the account's ERC-20
 * balances (from the provider's `chainData` source), then `extra` (a token the host opened Send with). Tokens with
 * decimals '0' never come (the balances drop them, SPEC §5).
 */
export function useSendTokens(
  native: SendToken | undefined,
  extra: SendToken | undefined,
  /** The native balance the send form read, in whole units: shown when the list has none. */
  nativeBalance?: string | undefined,
): SendTokens {
  const balances = useTokenBalances()
  const options = useMemo(() => {
    const list: SendTokenOption[] = []
    const nativeEntry = balances.data?.balances.find((entry) => entry.address === undefined)
    if (native)
      list.push({ token: native, balance: nativeEntry?.quantity.numeric ?? nativeBalance })
    for (const entry of balances.data?.balances ?? []) {
      const address = entry.address?.split(':').at(-1)
      if (!address || !/^0x[0-9a-fA-F]{40}$/.test(address)) continue
      list.push({
        token: {
          address: address as `0x${string}`,
          symbol: entry.symbol,
          name: entry.name,
          decimals: Number(entry.quantity.decimals),
          iconUrl: entry.iconUrl,
          price: entry.price,
        },
        balance: entry.quantity.numeric,
      })
    }
    if (extra && !list.some((option) => key(option.token) === key(extra)))
      list.push({ token: extra, balance: undefined })
    return list
  }, [balances.data, native, extra, nativeBalance])
  return { options, unavailable: balances.isError, isLoading: balances.isLoading }
}
