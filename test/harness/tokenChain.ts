import { parseUnits } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { LatchkeyServerOptions } from '../../server/options'
import { type AnvilNode, startAnvil } from './anvil'
import { anvilAccounts, createTokenDeployer, type TokenDeployer } from './deployTokens'

/** The accounts the chain data tests move tokens between (account 0 deploys and mints). */
export const [, alice, bob] = anvilAccounts as [
  PrivateKeyAccount,
  PrivateKeyAccount,
  PrivateKeyAccount,
]

/** The chain id of every token chain the tests start. */
export const tokenChainId = 31337

/** An anvil chain with the test tokens deployed: TST (ERC-20), USDT-style and an ERC-721. */
export interface TokenChain {
  anvil: AnvilNode
  tokens: TokenDeployer
  /** ERC20PresetMinterPauser 'Test Token' (TST, 18 decimals), nothing minted. */
  tst: `0x${string}`
  /** The USDT-style token (6 decimals), 1,000 minted to the deployer. */
  usdt: `0x${string}`
  /** ERC-721 'Latch' (LNFT), nothing minted. */
  nft: `0x${string}`
  /** The `chainData` list entries of TST and USDT. */
  listed: { tst: ListedToken; usdt: ListedToken }
  stop(): Promise<void>
}

/** A token of a chain's `chainData` list. */
export interface ListedToken {
  address: `0x${string}`
  name: string
  symbol: string
  decimals: number
}

/**
 * Starts anvil on chain {@link tokenChainId} and deploys TST, the USDT-style token and the
 * ERC-721 (`nftBaseUri` + token id is its tokenURI; default `data:,`).
 */
export async function startTokenChain({
  nftBaseUri = 'data:,',
}: {
  nftBaseUri?: string
} = {}): Promise<TokenChain> {
  const anvil = await startAnvil({ chainId: tokenChainId })
  const tokens = createTokenDeployer(anvil.rpcUrl, tokenChainId)
  const tst = await tokens.deployErc20({ name: 'Test Token', symbol: 'TST' })
  const usdt = await tokens.deployUsdtStyle({ supply: parseUnits('1000', 6) })
  const nft = await tokens.deployErc721({ name: 'Latch', symbol: 'LNFT', baseUri: nftBaseUri })
  return {
    anvil,
    tokens,
    tst,
    usdt,
    nft,
    listed: {
      tst: { address: tst, name: 'Test Token', symbol: 'TST', decimals: 18 },
      usdt: { address: usdt, name: 'Tether-style', symbol: 'USDT', decimals: 6 },
    },
    stop: () => anvil.stop(),
  }
}

type ChainData = NonNullable<LatchkeyServerOptions['chainData']>
type ChainEntry = NonNullable<ChainData['chains']>[string]

/**
 * Server options reading `chain` (its RPC URL) with `chainData` for it: no confirmations, indexed
 * from block 0, `entry` (tokens, nfts, …) as its settings, `chainData` over the rest.
 */
export function tokenChainOptions(
  chain: TokenChain,
  entry: ChainEntry = {},
  chainData: Omit<ChainData, 'chains'> = {},
): Pick<LatchkeyServerOptions, 'chains' | 'chainData'> {
  return {
    chains: { [tokenChainId]: chain.anvil.rpcUrl },
    chainData: {
      confirmations: 0,
      ...chainData,
      chains: { [tokenChainId]: { startBlock: 0, ...entry } },
    },
  }
}
