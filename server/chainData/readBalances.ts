import { readChainBalances } from '../../src/account/readChainBalances'
import type { TokenBalance } from '../../src/schemas/accountData'
import type { ServerContext } from '../context'
import { toChainError } from '../rpc/forward'
import { chainSettings } from './chainSettings'

export type { TokenBalance } from '../../src/schemas/accountData'

/** The answer of {@link readBalances}. */
export interface BalancesAnswer {
  /** The native balance first, then every listed token the address holds. */
  balances: TokenBalance[]
  /** CAIP-10 of listed tokens whose balance could not be read (shown as unknown, never 0). */
  unavailable: string[]
}

/** `quantity × price`, to the millionth of a dollar. */
function dollarValue(numeric: string, price: number): number {
  return Math.round(Number(numeric) * price * 1e6) / 1e6
}

/**
 * The native balance and the balances of the chain's token list, read by the core's
 * `readChainBalances` (one `eth_getBalance` and one multicall `eth_call`, Multicall3 at
 * `multicallAddress`, else viem's deployless multicall), sent together in one JSON-RPC batch by
 * the chain's transport. Each entry carries `price` and `value` (US dollars) when the price API
 * (`priceUrl`) or the configuration knows its price, and neither otherwise.
 */
export async function readBalances(
  context: ServerContext,
  chainId: number,
  address: `0x${string}`,
): Promise<BalancesAnswer> {
  const { chain, settings } = chainSettings(context, chainId)
  const caip2 = `eip155:${chainId}`
  const read = await readChainBalances({
    client: chain.client,
    address,
    chainId,
    tokens: settings.tokens,
    multicallAddress: settings.multicallAddress,
    nativeCurrency: settings.nativeCurrency,
  }).catch((error: unknown) => {
    throw toChainError(error)
  })
  const configured = new Map<string, number>()
  if (settings.nativeCurrency.price) configured.set(caip2, settings.nativeCurrency.price)
  for (const token of settings.tokens)
    if (token.price) configured.set(`${caip2}:${token.address}`, token.price)
  const ids = read.balances.map((balance) => balance.address ?? caip2)
  const fromApi = await context.prices.prices(ids)
  const balances = read.balances.map((balance) => {
    const id = balance.address ?? caip2
    const price = fromApi.get(id) ?? configured.get(id)
    return price === undefined
      ? balance
      : { ...balance, price, value: dollarValue(balance.quantity.numeric, price) }
  })
  return { balances, unavailable: read.unavailable }
}
