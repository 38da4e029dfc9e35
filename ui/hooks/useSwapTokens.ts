import { useMemo } from 'react'
import { type Address, erc20Abi, parseUnits } from 'viem'
import { getBalance, readContract } from 'viem/actions'
import { useConfig } from 'wagmi'
import { nativeTokenAddress } from '../../src/swap/swapTypes'
import { swapPublicClient } from '../swap/swapClients'
import { type SwapHookParameters, useSwapSetup } from '../swap/useSwapSetup'
import { type ClientQueryResult, useClientQuery } from '../useClientQuery'
import { useConnection } from '../useConnection'
import { useTokenBalances } from './useTokenBalances'

/** A token a swap sells or buys; the chain's own currency is `nativeTokenAddress`. */
export interface SwapToken {
  address: Address
  symbol: string
  name: string
  decimals: number
  iconUrl?: string | undefined
}

/** A token of the list with the account's balance (base units) when known. */
export interface SwapTokenOption {
  token: SwapToken
  balance: bigint | undefined
  /** One of the `swap` option's suggested tokens (or the native currency). */
  suggested: boolean
}

/** Parameters of {@link useSwapTokens}. */
export interface UseSwapTokensParameters extends SwapHookParameters {
  /** @default the connected chain */
  chainId?: number | undefined
  /** @default the connected account */
  address?: Address | undefined
  /** Keeps the tokens whose name, symbol or contract contains it (any case). */
  query?: string | undefined
}

/** What {@link useSwapTokens} returns. */
export interface UseSwapTokensReturnType {
  /** The native currency, the suggested tokens, then the other tokens the account holds. */
  tokens: SwapTokenOption[]
  /** The chain's own currency as a swap token. */
  nativeToken: SwapToken | undefined
  balances: ClientQueryResult<Record<string, bigint>, Error>
}

const keyOf = (address: string) => address.toLowerCase()

/**
 * The tokens a swap offers on a chain (issue 15): its own currency, the `swap` option's suggested
 * tokens (read from the chain: `balanceOf` of each, the native balance), then the other tokens
 * the account holds (from the account data source, as the Tokens tab). Filtered by `query`.
 * @example const { tokens } = useSwapTokens({ query: 'usd' })
 */
export function useSwapTokens(parameters: UseSwapTokensParameters = {}): UseSwapTokensReturnType {
  const config = useConfig()
  const connection = useConnection()
  const { option } = useSwapSetup(parameters)
  const chainId = parameters.chainId ?? connection.chainId
  const address = parameters.address ?? (connection.address as Address | undefined)
  const chain = config.chains.find((c) => c.id === chainId)
  const nativeToken = useMemo<SwapToken | undefined>(
    () =>
      chain && {
        address: nativeTokenAddress,
        symbol: chain.nativeCurrency.symbol,
        name: chain.nativeCurrency.name,
        decimals: chain.nativeCurrency.decimals,
      },
    [chain],
  )
  const suggested = useMemo<SwapToken[]>(
    () =>
      (chainId === undefined ? [] : (option?.tokens?.[String(chainId)] ?? [])).map((token) => ({
        address: token.address as Address,
        symbol: token.symbol,
        name: token.name,
        decimals: token.decimals,
        iconUrl: token.iconUrl,
      })),
    [option, chainId],
  )
  const balances = useClientQuery<Record<string, bigint>, Error>(
    [
      'latchkey',
      'swapBalances',
      { chainId, address: address?.toLowerCase(), tokens: suggested.map((t) => t.address) },
    ],
    address !== undefined && chainId !== undefined && chain !== undefined,
    async () => {
      const client = swapPublicClient(config, chainId as number)
      const owner = address as Address
      const read = await Promise.all([
        getBalance(client, { address: owner }),
        ...suggested.map((token) =>
          readContract(client, {
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [owner],
          }).catch(() => undefined),
        ),
      ])
      const answer: Record<string, bigint> = {}
      read.forEach((balance, index) => {
        const token = index === 0 ? nativeTokenAddress : suggested[index - 1]?.address
        if (token && balance !== undefined) answer[keyOf(token)] = balance
      })
      return answer
    },
    10_000,
  )
  const held = useTokenBalances({ chainId, address })

  const tokens = useMemo(() => {
    const list: SwapTokenOption[] = []
    const seen = new Set<string>()
    const add = (token: SwapToken, balance: bigint | undefined, isSuggested: boolean) => {
      const key = keyOf(token.address)
      if (seen.has(key)) return
      seen.add(key)
      list.push({ token, balance, suggested: isSuggested })
    }
    const read = balances.data ?? {}
    if (nativeToken) add(nativeToken, read[keyOf(nativeTokenAddress)], true)
    for (const token of suggested) add(token, read[keyOf(token.address)], true)
    for (const entry of held.data?.balances ?? []) {
      const contract = entry.address?.split(':').at(-1)
      if (!contract || !/^0x[0-9a-fA-F]{40}$/.test(contract)) continue
      const decimals = Number(entry.quantity.decimals)
      let balance: bigint | undefined
      try {
        balance = parseUnits(entry.quantity.numeric, decimals)
      } catch {
        balance = undefined
      }
      add(
        {
          address: contract as Address,
          symbol: entry.symbol,
          name: entry.name,
          decimals,
          iconUrl: entry.iconUrl ?? undefined,
        },
        balance,
        false,
      )
    }
    const needle = parameters.query?.trim().toLowerCase()
    if (!needle) return list
    return list.filter(({ token }) =>
      [token.symbol, token.name, token.address].some((text) => text.toLowerCase().includes(needle)),
    )
  }, [balances.data, held.data, nativeToken, suggested, parameters.query])

  return { tokens, nativeToken, balances }
}
