import { type Client, type ContractFunctionParameters, formatUnits, multicall3Abi } from 'viem'
import { getBalance, multicall } from 'viem/actions'
import { AccountDataUnavailableError } from '../errors/AccountDataUnavailableError'
import type { TokenBalance } from '../schemas/accountData'
import { erc20Abi } from './erc20Abi'

/** A token of the list read straight from the chain when there is no data server. */
export interface ChainToken {
  address: `0x${string}`
  name: string
  symbol: string
  decimals: number
  iconUrl?: string | undefined
}

/** What {@link readChainBalances} gives: the same shape as the data server's balance answer. */
export interface ChainBalances {
  /** The native balance first, then every listed token held (zero balances left out). */
  balances: TokenBalance[]
  /** CAIP-10 of listed tokens whose balance could not be read (unknown, never 0). */
  unavailable: string[]
}

/**
 * Balances read from the chain through a viem client: the app's own when there is no data
 * server, and the data server's (`server/chainData/readBalances.ts`) for its balance answer. One
 * multicall `eth_call` for the native balance and the whole token list when the chain has a
 * Multicall3 (`multicallAddress`, else the chain's own `contracts.multicall3`); without one, an
 * `eth_getBalance` and viem's deployless multicall (which needs no contract).
 * Tokens with decimals 0 are low quality and are not asked for (SPEC §5).
 */
export async function readChainBalances({
  client,
  address,
  chainId,
  tokens,
  multicallAddress,
  nativeCurrency,
}: {
  client: Client
  address: `0x${string}`
  chainId: number
  tokens: readonly ChainToken[]
  multicallAddress?: `0x${string}` | undefined
  /** The chain's own currency; default: the client's chain's, else Ether. */
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined
}): Promise<ChainBalances> {
  const listed = tokens.filter((token) => token.decimals !== 0)
  const caip2 = `eip155:${chainId}`
  const balanceCalls = listed.map((token) => ({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf' as const,
    args: [address] as const,
  }))
  // With a Multicall3 on the chain (given, or named by the chain), the native balance rides in the
  // same eth_call (its getEthBalance): the whole read is one request.
  const multicall3 = multicallAddress ?? client.chain?.contracts?.multicall3?.address
  let native: bigint
  let results: readonly { status: string; result?: unknown }[]
  if (multicall3) {
    const [nativeResult, ...tokenResults] = await multicall(client, {
      contracts: [
        {
          address: multicall3,
          abi: multicall3Abi,
          functionName: 'getEthBalance' as const,
          args: [address] as const,
        },
        ...balanceCalls,
      ] as ContractFunctionParameters[],
      allowFailure: true,
      multicallAddress: multicall3,
    })
    if (nativeResult?.status !== 'success' || typeof nativeResult.result !== 'bigint')
      throw new AccountDataUnavailableError({ reason: 'chain', cause: nativeResult?.error })
    native = nativeResult.result
    results = tokenResults
  } else {
    ;[native, results] = await Promise.all([
      getBalance(client, { address }),
      listed.length
        ? multicall(client, { contracts: balanceCalls, allowFailure: true, deployless: true })
        : Promise.resolve([]),
    ])
  }
  const currency = nativeCurrency ??
    client.chain?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const balances: TokenBalance[] = [
    {
      name: currency.name,
      symbol: currency.symbol,
      chainId: caip2,
      quantity: {
        decimals: String(currency.decimals),
        numeric: formatUnits(native, currency.decimals),
      },
      iconUrl: null,
    },
  ]
  const unavailable: string[] = []
  listed.forEach((token, index) => {
    const result = results[index]
    const caip10 = `${caip2}:${token.address.toLowerCase()}`
    if (result?.status !== 'success' || typeof result.result !== 'bigint') {
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
}
