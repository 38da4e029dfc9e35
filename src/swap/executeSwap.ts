import type { Client, Hash, TransactionReceipt } from 'viem'
import { sendTransaction, waitForTransactionReceipt } from 'viem/actions'
import { TransactionFailedError } from '../errors/TransactionFailedError'
import { toSendError } from '../send/toSendError'
import { checkSwapBuild } from './checkSwapBuild'
import { ensureSwapAllowance, type SwapApproval } from './ensureSwapAllowance'
import { signPermit2 } from './signPermit2'
import { simulateSwap } from './simulateSwap'
import {
  nativeTokenAddress,
  type SwapBuild,
  type SwapProvider,
  type SwapRequest,
  type SwapTransaction,
} from './swapTypes'

/** Where a swap is, as {@link executeSwap} reports it. */
export type SwapProgress =
  | { step: 'approve'; reset: boolean; hash: Hash }
  | { step: 'build' }
  | { step: 'sign' }
  | { step: 'simulate' }
  | { step: 'send' }
  | { step: 'confirm'; hash: Hash }

/** Parameters of {@link executeSwap}. */
export interface ExecuteSwapParameters {
  provider: SwapProvider
  request: SwapRequest
  /** Reads on the swap's chain (allowance, `eth_call`, receipts). */
  publicClient: Client
  /** The taker's wallet on that chain. */
  walletClient: Client
  approval?: SwapApproval | undefined
  onProgress?: ((progress: SwapProgress) => void) | undefined
  /** Seconds since the epoch, for the Permit2 deadline check. @default the clock */
  nowSeconds?: (() => number) | undefined
  signal?: AbortSignal | undefined
}

/** A mined swap. */
export interface SwapResult {
  build: SwapBuild
  hash: Hash
  receipt: TransactionReceipt
}

/**
 * Runs a swap to its receipt: our own approval to the provider's trusted spender (exact amount,
 * approve(0) first where the token wants it), the build, its check against the request
 * (`SwapQuoteUnsafeError`), the Permit2 signature when the build asks for one, an `eth_call`
 * simulation (`SwapSimulationFailedError`), the send, and the receipt: success means a mined,
 * successful transaction, never just a hash (a revert is `TransactionFailedError`).
 */
export async function executeSwap(parameters: ExecuteSwapParameters): Promise<SwapResult> {
  const { provider, request, publicClient, walletClient, onProgress } = parameters
  const account = walletClient.account ?? request.taker
  const contracts = provider.contracts(request.chainId)
  if (request.sellToken.toLowerCase() !== nativeTokenAddress.toLowerCase())
    await ensureSwapAllowance({
      publicClient,
      walletClient,
      chainId: request.chainId,
      token: request.sellToken,
      owner: request.taker,
      spender: contracts.spender,
      amount: request.sellAmount,
      approval: parameters.approval,
      onApprove: (step, hash) => onProgress?.({ step: 'approve', reset: step === 'reset', hash }),
    })
  onProgress?.({ step: 'build' })
  const build = await provider.build(request, { signal: parameters.signal })
  const nowSeconds = parameters.nowSeconds?.() ?? Math.floor(Date.now() / 1000)
  checkSwapBuild(request, build, contracts, { nowSeconds })
  let transaction: SwapTransaction = build.transaction
  if (build.kind === 'signature') {
    onProgress?.({ step: 'sign' })
    const signature = await signPermit2(walletClient, account, build.typedData).catch(
      (error: unknown) => {
        throw toSendError(error)
      },
    )
    transaction = build.complete(signature)
  }
  onProgress?.({ step: 'simulate' })
  await simulateSwap(publicClient, transaction)
  onProgress?.({ step: 'send' })
  const hash = await sendTransaction(walletClient, {
    account,
    chain: null,
    to: transaction.to,
    data: transaction.data,
    value: transaction.value,
    ...(transaction.gas !== undefined && { gas: transaction.gas }),
  }).catch((error: unknown) => {
    throw toSendError(error)
  })
  onProgress?.({ step: 'confirm', hash })
  const receipt = await waitForTransactionReceipt(publicClient, { hash, pollingInterval: 250 })
  if (receipt.status !== 'success') throw new TransactionFailedError({ stage: 'reverted', hash })
  return { build, hash, receipt }
}
