import { erc20Abi, formatUnits } from 'viem'
import type { ServerContext } from '../context'
import { toChainError } from '../rpc/forward'
import { chainSettings } from './chainSettings'

/** A token balance entry (SPEC §3); `value` and `price` are left out: this server has no prices. */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: string
  /** CAIP-10 of the token contract; absent for the native token. */
  address?: string
  quantity: {
    /** Decimal places, as a string. */
    decimals: string
    /** The amount in whole units, every digit kept (e.g. `'1.5'`). */
    numeric: string
  }
  iconUrl: string | null
}

/** The answer of {@link readBalances}. */
export interface BalancesAnswer {
  /** The native balance first, then every listed token the address holds. */
  balances: TokenBalance[]
  /** CAIP-10 of listed tokens whose balance could not be read (shown as unknown, never 0). */
  unavailable: string[]
}

/**
 * The native balance and the balances of the chain's token list: one `eth_getBalance` and one
 * multicall `eth_call` (Multicall3 at `multicallAddress`, else viem's deployless multicall),
 * sent together in one JSON-RPC batch by the chain's transport.
 */
export async function readBalances(
  context: ServerContext,
  chainId: number,
  address: `0x${string}`,
): Promise<BalancesAnswer> {
  const { chain, settings } = chainSettings(context, chainId)
  const caip2 = `eip155:${chainId}`
  const { tokens } = settings
  try {
    const [native, results] = await Promise.all([
      chain.client.getBalance({ address }),
      tokens.length
        ? chain.client.multicall({
            contracts: tokens.map((token) => ({
              address: token.address,
              abi: erc20Abi,
              functionName: 'balanceOf' as const,
              args: [address] as const,
            })),
            allowFailure: true,
            ...(settings.multicallAddress
              ? { multicallAddress: settings.multicallAddress }
              : { deployless: true }),
          })
        : Promise.resolve([]),
    ])
    const { nativeCurrency } = settings
    const balances: TokenBalance[] = [
      {
        name: nativeCurrency.name,
        symbol: nativeCurrency.symbol,
        chainId: caip2,
        quantity: {
          decimals: String(nativeCurrency.decimals),
          numeric: formatUnits(native, nativeCurrency.decimals),
        },
        iconUrl: null,
      },
    ]
    const unavailable: string[] = []
    tokens.forEach((token, index) => {
      const result = results[index]
      const caip10 = `${caip2}:${token.address}`
      if (result?.status !== 'success') {
        unavailable.push(caip10)
        return
      }
      if (result.result === 0n) return
      balances.push({
        name: token.name,
        symbol: token.symbol,
        chainId: caip2,
        address: caip10,
        quantity: {
          decimals: String(token.decimals),
          numeric: formatUnits(result.result, token.decimals),
        },
        iconUrl: token.iconUrl ?? null,
      })
    })
    return { balances, unavailable }
  } catch (error) {
    throw toChainError(error)
  }
}
