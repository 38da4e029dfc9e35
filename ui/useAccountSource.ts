import { useContext } from 'react'
import type { ChainToken } from '../src/account/readChainBalances'
import { LatchkeyContext } from './context/LatchkeyContext'

/** Where an account hook reads from: a data server, or the chain with a token list. */
export interface AccountSource {
  url: string | undefined
  tokens: Readonly<Record<number, readonly ChainToken[]>> | undefined
  multicallAddress: Readonly<Record<number, `0x${string}`>> | undefined
}

/** What a hook's parameters may say about its source (a subset of `AccountDataParameters`). */
export interface AccountSourceParameters {
  url?: string | undefined
  tokens?: Readonly<Record<number, readonly ChainToken[]>> | undefined
  multicallAddress?: Readonly<Record<number, `0x${string}`>> | undefined
}

/**
 * The source of an account hook: its own `url` / `tokens` when it names one, else the provider's
 * `chainData` option (the host's, as the Account tabs use it), else the chain with no token list.
 */
export function useAccountSource(parameters: AccountSourceParameters): AccountSource {
  const chainData = useContext(LatchkeyContext)?.input?.chainData
  const own = parameters.url !== undefined || parameters.tokens !== undefined
  return {
    url: own ? parameters.url : chainData?.url,
    tokens: own
      ? parameters.tokens
      : (chainData?.tokens as Readonly<Record<number, readonly ChainToken[]>> | undefined),
    multicallAddress: parameters.multicallAddress,
  }
}
