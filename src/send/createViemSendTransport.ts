import type { Chain, Client } from 'viem'
import {
  estimateFeesPerGas,
  estimateGas,
  getGasPrice,
  readContract,
  sendTransaction,
  waitForTransactionReceipt,
} from 'viem/actions'
import { erc20Abi } from '../account/erc20Abi'
import type { SendReceipt, SendTransport } from './SendTransport'

/** Parameters of {@link createViemSendTransport}. */
export interface CreateViemSendTransportParameters {
  /** The app's client for a chain (wagmi's `config.getClient`). */
  getClient(chainId: number): Client
  /**
   * The connected wallet's client for sending from `from` on `chainId` (wagmi's
   * `getConnectorClient` builds it). Not wagmi's `sendTransaction` action: that module imports the whole
   * `viem/actions` barrel and sits behind `wagmi`'s own barrel, so an app's bundler (esbuild) put
   * it, and with it every viem action the modal uses, in the app's first bundle.
   */
  getWalletClient(request: { chainId: number; from: `0x${string}` }): Promise<Client>
  /** How long to wait for a receipt, in ms. @default 300_000 */
  receiptTimeoutMs?: number | undefined
}

/**
 * A {@link SendTransport} on viem: balances with `eth_getBalance` and ERC-20 `balanceOf`, fees
 * from `eth_feeHistory` (legacy chains: `eth_gasPrice`), `eth_estimateGas`, and the receipt with
 * viem's `waitForTransactionReceipt`, which also follows a transaction the wallet replaced.
 */
export function createViemSendTransport(
  parameters: CreateViemSendTransportParameters,
): SendTransport {
  const { getClient, receiptTimeoutMs = 300_000 } = parameters
  return {
    getBalance({ chainId, address, token }) {
      const client = getClient(chainId)
      // a plain eth_getBalance: not batched into a Multicall3 eth_call (chains without one)
      if (!token)
        return client
          .request({ method: 'eth_getBalance', params: [address, 'latest'] })
          .then((value) => BigInt(value))
      return readContract(client, {
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      })
    },
    async getFeesPerGas({ chainId }) {
      const client = getClient(chainId)
      try {
        const fees = await estimateFeesPerGas(client, { chain: client.chain, type: 'eip1559' })
        return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas }
      } catch {
        return { maxFeePerGas: await getGasPrice(client) }
      }
    },
    estimateGas({ chainId, from, to, value, data }) {
      return estimateGas(getClient(chainId), { account: from, to, value, data })
    },
    async sendTransaction({ chainId, from, ...request }) {
      const client = await parameters.getWalletClient({ chainId, from })
      // as wagmi's sendTransaction: viem checks that the wallet is on `chainId` before sending
      const chain: Pick<Chain, 'id'> = client.chain?.id === chainId ? client.chain : { id: chainId }
      return sendTransaction(client, {
        ...request,
        account: from,
        chain: chain as Chain,
        assertChainId: true,
      })
    },
    async waitForReceipt({ chainId, hash }) {
      let replaced: SendReceipt['replaced']
      const receipt = await waitForTransactionReceipt(getClient(chainId), {
        hash,
        timeout: receiptTimeoutMs,
        onReplaced: (replacement) => {
          replaced = replacement.reason
        },
      })
      return { status: receipt.status, hash: receipt.transactionHash, replaced }
    },
  }
}
