import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hash,
  http,
  type PublicClient,
  parseEther,
  parseUnits,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import {
  labPoolAbi,
  labPoolBytecode,
  labRouterAbi,
  labRouterBytecode,
  labSignatureTransferAbi,
  labSignatureTransferBytecode,
  labTokenAbi,
  labTokenBytecode,
  labWrappedEtherAbi,
  labWrappedEtherBytecode,
} from '../contracts/swap/swapLab.fixture'
import { anvilAccounts } from '../deployTokens'

/** The placeholder address of the native currency in 0x and 1inch requests. */
export const nativeToken: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

/** The local swap lab on one anvil node: our pools, router, Permit2 and tokens (./README.md). */
export interface SwapLab {
  chain: Chain
  rpcUrl: string
  client: PublicClient
  weth: Address
  /** The Permit2-compatible signature transfer. */
  permit2: Address
  router: Address
  /** 'Lab Token' (LAB, 18 decimals): pools with WETH and USDL. */
  lab: Address
  /** 'Lab Dollar' (USDL, 6 decimals), approve(0) first as USDT: a pool with LAB. */
  usdl: Address
  /** 'Lonely' (LONE, 18 decimals): no pool, so no liquidity. */
  lone: Address
  /** Mints `amount` of `token` (LAB, USDL or LONE) to `to`. */
  mint(token: Address, to: Address, amount: bigint): Promise<void>
  /** Writes `functionName` of `address` from `from` and waits for success. */
  write(
    from: PrivateKeyAccount,
    address: Address,
    abi: Abi,
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
  ): Promise<Hash>
  /** The ERC-20 balance of `owner`, or its ether balance for {@link nativeToken}. */
  balanceOf(token: Address, owner: Address): Promise<bigint>
}

/** Deploys the swap lab with account 0 of anvil and fills the pools. */
export async function deploySwapLab(rpcUrl: string, chainId: number): Promise<SwapLab> {
  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient
  const [deployer] = anvilAccounts as [PrivateKeyAccount]
  const walletOf = (account: PrivateKeyAccount) =>
    createWalletClient({ account, chain, transport: http(rpcUrl) })

  async function mined(hash: Hash) {
    const receipt = await client.waitForTransactionReceipt({
      hash,
      pollingInterval: 50,
      timeout: 20_000,
    })
    if (receipt.status !== 'success') throw new Error(`swap lab: ${hash} reverted`)
    return receipt
  }
  async function deploy(abi: Abi, bytecode: `0x${string}`, args: unknown[] = []) {
    const hash = await walletOf(deployer).deployContract({ abi, bytecode, args })
    const { contractAddress } = await mined(hash)
    if (!contractAddress) throw new Error(`swap lab: ${hash} made no contract`)
    return contractAddress
  }
  const write: SwapLab['write'] = async (from, address, abi, functionName, args, value) => {
    const hash = await walletOf(from).writeContract({
      address,
      abi,
      functionName,
      args,
      ...(value !== undefined && { value }),
    })
    await mined(hash)
    return hash
  }
  const mint = async (token: Address, to: Address, amount: bigint) => {
    await write(deployer, token, labTokenAbi, 'mint', [to, amount])
  }

  const weth = await deploy(labWrappedEtherAbi, labWrappedEtherBytecode)
  const permit2 = await deploy(labSignatureTransferAbi, labSignatureTransferBytecode)
  const router = await deploy(labRouterAbi, labRouterBytecode, [weth, permit2])
  const lab = await deploy(labTokenAbi, labTokenBytecode, ['Lab Token', 'LAB', 18, false])
  const usdl = await deploy(labTokenAbi, labTokenBytecode, ['Lab Dollar', 'USDL', 6, true])
  const lone = await deploy(labTokenAbi, labTokenBytecode, ['Lonely', 'LONE', 18, false])

  /** A pool of `a` and `b` holding `amountA` and `amountB`, registered with the router. */
  async function pool(a: Address, amountA: bigint, b: Address, amountB: bigint) {
    const address = await deploy(labPoolAbi, labPoolBytecode, [a, b])
    for (const [token, amount] of [
      [a, amountA],
      [b, amountB],
    ] as const) {
      if (token === weth) {
        await write(deployer, weth, labWrappedEtherAbi, 'deposit', [], amount)
        await write(deployer, weth, labTokenAbi, 'transfer', [address, amount])
      } else await mint(token, address, amount)
    }
    await write(deployer, address, labPoolAbi, 'sync', [])
    await write(deployer, router, labRouterAbi, 'setPool', [address])
  }
  // 1 ETH ≈ 2,000 LAB; 1 LAB ≈ 1 USDL.
  await pool(weth, parseEther('100'), lab, parseEther('200000'))
  await pool(lab, parseEther('200000'), usdl, parseUnits('200000', 6))

  return {
    chain,
    rpcUrl,
    client,
    weth,
    permit2,
    router,
    lab,
    usdl,
    lone,
    mint,
    write,
    async balanceOf(token, owner) {
      if (token.toLowerCase() === nativeToken.toLowerCase())
        return client.getBalance({ address: owner })
      return client.readContract({
        address: token,
        abi: labTokenAbi,
        functionName: 'balanceOf',
        args: [owner],
      })
    },
  }
}
