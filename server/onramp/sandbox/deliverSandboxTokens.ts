import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hash,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { nativeTokenAddress } from '../../../src/swap/swapTypes'

/** A development node, the only kind the sandbox pays out on. */
const devNode = /^(anvil|hardhat|ganache)/i

/** A delivery's outcome: its transaction, or why there is none (the purchase's failure reason). */
export type SandboxDelivery =
  | { hash: Hash }
  | { failure: 'sandbox_chain_not_dev' | 'delivery_failed' }

/**
 * Sends `amount` of `token` (the chain's own currency for `nativeTokenAddress`) from the
 * sandbox's funder to `to`, and waits for the receipt; only on a development node (anvil,
 * Hardhat: `web3_clientVersion`), so a sandbox left on where the funder holds real money pays
 * nothing out.
 */
export async function deliverSandboxTokens(parameters: {
  rpcUrl: string
  chainId: number
  funderKey: `0x${string}`
  to: Address
  token: Address
  amount: bigint
}): Promise<SandboxDelivery> {
  const chain = defineChain({
    id: parameters.chainId,
    name: `Chain ${parameters.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [parameters.rpcUrl] } },
  })
  const transport = http(parameters.rpcUrl, { retryCount: 0, timeout: 10_000 })
  const publicClient = createPublicClient({ chain, transport })
  const version = await publicClient
    .request({ method: 'web3_clientVersion' } as never)
    .catch(() => '')
  if (!devNode.test(String(version))) return { failure: 'sandbox_chain_not_dev' }
  const wallet = createWalletClient({
    account: privateKeyToAccount(parameters.funderKey),
    chain,
    transport,
  })
  try {
    const hash =
      parameters.token.toLowerCase() === nativeTokenAddress.toLowerCase()
        ? await wallet.sendTransaction({ to: parameters.to, value: parameters.amount })
        : await wallet.writeContract({
            address: parameters.token,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [parameters.to, parameters.amount],
          })
    const receipt = await publicClient.waitForTransactionReceipt({
      hash,
      timeout: 60_000,
      pollingInterval: 250,
    })
    return receipt.status === 'success' ? { hash } : { failure: 'delivery_failed' }
  } catch {
    return { failure: 'delivery_failed' }
  }
}
