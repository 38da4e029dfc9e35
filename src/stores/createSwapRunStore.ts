import type { Client } from 'viem'
import { formatUnits } from 'viem'
import { readContract } from 'viem/actions'
import type { SentTransaction } from '../account/createLocalActivity'
import {
  initialSwapRunState,
  type SwapRunState,
  type SwapStep,
  swapRunReducer,
} from '../machines/swapRun'
import { executeSwap, type SwapProgress, type SwapResult } from '../swap/executeSwap'
import { nativeTokenAddress, type SwapProvider, type SwapRequest } from '../swap/swapTypes'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

const allowanceAbi = [
  {
    type: 'function',
    name: 'allowance',
    stateMutability: 'view',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
    ],
    outputs: [{ type: 'uint256' }],
  },
] as const

/** A token of a swap as the activity names it. */
export interface SwapRunToken {
  symbol: string
  decimals: number
}

/** What {@link SwapRunStore.run} takes. */
export interface SwapRunParameters {
  provider: SwapProvider
  request: SwapRequest
  /** The sold and the bought token, for the activity record. */
  sellToken: SwapRunToken
  buyToken: SwapRunToken
  publicClient: Client
  getWalletClient(): Promise<Client>
  onProgress?: ((progress: SwapProgress) => void) | undefined
}

/** Parameters of {@link createSwapRunStore}. */
export interface CreateSwapRunStoreParameters {
  /** Records a mined swap in the activity (the Activity tab reads it). */
  record?: ((sent: SentTransaction) => void) | undefined
  /** Called once a run settled (to refresh balances). */
  onSettled?: ((state: SwapRunState) => void) | undefined
}

/** The swap run: read-only zustand store plus its actions. */
export interface SwapRunStore extends ReadonlyStore<SwapRunState> {
  /** Runs a swap to its receipt ({@link executeSwap}); rejects with its typed error. */
  run(parameters: SwapRunParameters): Promise<SwapResult>
  /** Back to idle after a finished run. */
  reset(): void
}

/**
 * Binds the swap run machine to `executeSwap`: the steps known before it starts (an approval when
 * the allowance is short), progress as it goes, the receipt, and the activity record of a mined
 * swap (a `trade`: what went out and what came in).
 */
export function createSwapRunStore(parameters: CreateSwapRunStoreParameters = {}): SwapRunStore {
  const { store, dispatch } = createMachineStore({
    reducer: swapRunReducer,
    initialState: initialSwapRunState(),
    onChange: (state, previous) => {
      if (previous.status === 'pending' && state.status !== 'pending') parameters.onSettled?.(state)
    },
  })

  async function stepsOf({ provider, request, publicClient }: SwapRunParameters) {
    const steps: SwapStep[] = ['swap', 'receipt']
    if (request.sellToken.toLowerCase() === nativeTokenAddress.toLowerCase()) return steps
    const allowance = await readContract(publicClient, {
      address: request.sellToken,
      abi: allowanceAbi,
      functionName: 'allowance',
      args: [request.taker, provider.contracts(request.chainId).spender],
    }).catch(() => 0n)
    return allowance < request.sellAmount ? (['approve', ...steps] as SwapStep[]) : steps
  }

  let current: Promise<SwapResult> | undefined

  async function start(run: SwapRunParameters): Promise<SwapResult> {
    try {
      dispatch({ type: 'start', steps: await stepsOf(run) })
      const walletClient = await run.getWalletClient()
      const result = await executeSwap({
        provider: run.provider,
        request: run.request,
        publicClient: run.publicClient,
        walletClient,
        onProgress: (progress) => {
          dispatch({ type: 'progress', progress })
          run.onProgress?.(progress)
        },
      })
      const { request } = run
      const sells = (token: SwapRunToken, amount: bigint) => formatUnits(amount, token.decimals)
      const native = (address: string) =>
        address.toLowerCase() === nativeTokenAddress.toLowerCase() ? undefined : address
      parameters.record?.({
        hash: result.hash,
        chainId: request.chainId,
        from: request.taker,
        to: result.receipt.to ?? result.build.transaction.to,
        amount: sells(run.sellToken, request.sellAmount),
        symbol: run.sellToken.symbol,
        token: native(request.sellToken),
        status: 'confirmed',
        operationType: 'trade',
        received: {
          amount: sells(run.buyToken, result.build.quote.buyAmount),
          symbol: run.buyToken.symbol,
          token: native(request.buyToken),
        },
      })
      dispatch({ type: 'success', hash: result.hash })
      return result
    } catch (cause) {
      const error = cause instanceof Error ? cause : new TypeError(String(cause))
      dispatch({ type: 'failure', error })
      throw error
    }
  }

  return {
    ...store,
    run(run) {
      // one swap at a time: a second call while one runs gets the running one
      current ??= start(run).finally(() => {
        current = undefined
      })
      return current
    },
    reset: () => dispatch({ type: 'reset' }),
  }
}
