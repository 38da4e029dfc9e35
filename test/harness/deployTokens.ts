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
  parseEventLogs,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import {
  erc20PresetMinterPauserAbi,
  erc20PresetMinterPauserBytecode,
} from './contracts/erc20PresetMinterPauser.fixture'
import {
  erc721PresetMinterPauserAutoIdAbi,
  erc721PresetMinterPauserAutoIdBytecode,
} from './contracts/erc721PresetMinterPauserAutoId.fixture'
import { usdtStyleTokenAbi, usdtStyleTokenCreationCode } from './contracts/usdtStyleToken'

/** anvil's first dev accounts (its default mnemonic): deployer, then two others. */
export const anvilAccounts: readonly PrivateKeyAccount[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
].map((key) => privateKeyToAccount(key as `0x${string}`))

/** A mined transaction: its hash and block. */
export interface Mined {
  hash: Hash
  blockNumber: bigint
}

/** Deploy, mint and transfer helpers on one anvil node (see {@link createTokenDeployer}). */
export interface TokenDeployer {
  chain: Chain
  client: PublicClient
  /** An OpenZeppelin ERC20PresetMinterPauser (18 decimals) deployed by `from`. */
  deployErc20(parameters: {
    name: string
    symbol: string
    from?: PrivateKeyAccount
  }): Promise<Address>
  /** Mints ERC-20 units (the deployer holds the minter role). */
  mintErc20(token: Address, to: Address, amount: bigint): Promise<Mined>
  /** The USDT-style token (6 decimals, writes return nothing) with `supply` minted to `from`. */
  deployUsdtStyle(parameters: { supply: bigint; from?: PrivateKeyAccount }): Promise<Address>
  /** `transfer(to, amount)` from `from`; works for both token kinds. */
  transferToken(
    token: Address,
    to: Address,
    amount: bigint,
    from?: PrivateKeyAccount,
  ): Promise<Mined>
  /** `approve(spender, amount)` from `from`. */
  approveToken(
    token: Address,
    spender: Address,
    amount: bigint,
    from?: PrivateKeyAccount,
  ): Promise<Mined>
  /** `transferFrom(owner, to, amount)` sent by `spender`. */
  transferTokenFrom(
    token: Address,
    owner: Address,
    to: Address,
    amount: bigint,
    spender: PrivateKeyAccount,
  ): Promise<Mined>
  /** An OpenZeppelin ERC721PresetMinterPauserAutoId; `tokenURI(id)` is `baseUri + id`. */
  deployErc721(parameters: {
    name: string
    symbol: string
    baseUri: string
    from?: PrivateKeyAccount
  }): Promise<Address>
  /** Mints the next token id to `to`; returns it. */
  mintNft(nft: Address, to: Address): Promise<Mined & { tokenId: bigint }>
  /** `transferFrom(from, to, tokenId)` sent by the holder. */
  transferNft(nft: Address, from: PrivateKeyAccount, to: Address, tokenId: bigint): Promise<Mined>
  /** Deploys raw creation code (a hand-assembled fixture) from the deployer. */
  deployCode(creation: `0x${string}`): Promise<Address>
  /** A plain value transfer. */
  sendNative(to: Address, value: bigint, from?: PrivateKeyAccount): Promise<Mined>
}

/** Helpers to deploy the fixture tokens on an anvil node and move them, each call mined. */
export function createTokenDeployer(rpcUrl: string, chainId: number): TokenDeployer {
  const chain = defineChain({
    id: chainId,
    name: `anvil ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  const client = createPublicClient({ chain, transport: http(rpcUrl) }) as PublicClient
  const [deployer] = anvilAccounts as [PrivateKeyAccount]
  const wallet = (account: PrivateKeyAccount) =>
    createWalletClient({ account, chain, transport: http(rpcUrl) })

  async function mined(hash: Hash): Promise<Mined & { logs: unknown[]; contract?: Address }> {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
    return {
      hash,
      blockNumber: receipt.blockNumber,
      logs: receipt.logs,
      contract: receipt.contractAddress ?? undefined,
    }
  }

  async function deploy(
    from: PrivateKeyAccount,
    abi: Abi,
    bytecode: `0x${string}`,
    args: unknown[],
  ) {
    const hash = await wallet(from).deployContract({ abi, bytecode, args })
    const { contract } = await mined(hash)
    if (!contract) throw new Error(`deployment ${hash} made no contract`)
    return contract
  }

  async function write(
    from: PrivateKeyAccount,
    address: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
  ) {
    const hash = await wallet(from).writeContract({ address, abi, functionName, args })
    return mined(hash)
  }

  return {
    chain,
    client,
    deployErc20: ({ name, symbol, from = deployer }) =>
      deploy(from, erc20PresetMinterPauserAbi, erc20PresetMinterPauserBytecode, [name, symbol]),
    mintErc20: (token, to, amount) =>
      write(deployer, token, erc20PresetMinterPauserAbi, 'mint', [to, amount]),
    deployUsdtStyle: ({ supply, from = deployer }) =>
      deploy(from, usdtStyleTokenAbi, usdtStyleTokenCreationCode(supply), []),
    // The USDT-style ABI (no outputs) also fits a standard ERC-20: the bool is just not read.
    transferToken: (token, to, amount, from = deployer) =>
      write(from, token, usdtStyleTokenAbi, 'transfer', [to, amount]),
    approveToken: (token, spender, amount, from = deployer) =>
      write(from, token, usdtStyleTokenAbi, 'approve', [spender, amount]),
    transferTokenFrom: (token, owner, to, amount, spender) =>
      write(spender, token, usdtStyleTokenAbi, 'transferFrom', [owner, to, amount]),
    deployErc721: ({ name, symbol, baseUri, from = deployer }) =>
      deploy(from, erc721PresetMinterPauserAutoIdAbi, erc721PresetMinterPauserAutoIdBytecode, [
        name,
        symbol,
        baseUri,
      ]),
    async mintNft(nft, to) {
      const result = await write(deployer, nft, erc721PresetMinterPauserAutoIdAbi, 'mint', [to])
      const [event] = parseEventLogs({
        abi: erc721PresetMinterPauserAutoIdAbi,
        eventName: 'Transfer',
        logs: result.logs as Parameters<typeof parseEventLogs>[0]['logs'],
      })
      if (!event) throw new Error(`mint ${result.hash} logged no Transfer`)
      return { hash: result.hash, blockNumber: result.blockNumber, tokenId: event.args.tokenId }
    },
    transferNft: (nft, from, to, tokenId) =>
      write(from, nft, erc721PresetMinterPauserAutoIdAbi, 'transferFrom', [
        from.address,
        to,
        tokenId,
      ]),
    deployCode: (creation) => deploy(deployer, [], creation, []),
    async sendNative(to, value, from = deployer) {
      const hash = await wallet(from).sendTransaction({ to, value })
      return mined(hash)
    },
  }
}
