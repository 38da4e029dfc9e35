import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { Address } from 'viem'
import { type Config, useConfig } from 'wagmi'
import type { AccountDataClient } from '../../src/account/accountDataClientTypes'
import { ChainNotSupportedError } from '../../src/errors/ChainNotSupportedError'
import { NoConnectionClientError } from '../../src/errors/NoConnectionClientError'
import type { SwapRunState } from '../../src/machines/swapRun'
import { createSwapRunStore, type SwapRunStore } from '../../src/stores/createSwapRunStore'
import type { SwapProgress, SwapResult } from '../../src/swap/executeSwap'
import { swapPublicClient, swapWalletClient } from '../swap/swapClients'
import { type SwapHookParameters, useSwapSetup } from '../swap/useSwapSetup'
import { type AccountDataParameters, useAccountDataClient } from '../useAccountDataClient'
import { useConnection } from '../useConnection'
import type { SwapToken } from './useSwapTokens'

/** Parameters of {@link useSwap}: the swap setup, and where swaps are recorded. */
export type UseSwapParameters = SwapHookParameters &
  Omit<AccountDataParameters, 'address' | 'chainId' | 'query'>

/** What `swap()` takes: an exact-input swap of the connected account on its chain. */
export interface SwapArgs {
  sellToken: SwapToken
  buyToken: SwapToken
  /** The exact amount sold, in base units. */
  sellAmount: bigint
  /** @default the `swap` option's, else 100 (1 %) */
  slippageBps?: number | undefined
  onProgress?: ((progress: SwapProgress) => void) | undefined
}

/** What {@link useSwap} returns: the run's state (steps, step, hash, error) and its actions. */
export interface UseSwapReturnType extends SwapRunState {
  /**
   * Runs the swap to its receipt: approve (exact amount, when short) → sign the Permit2 message
   * (when the provider asks) → build, check and simulate → send → receipt. Rejects with a typed
   * error (`SwapQuoteUnsafeError`, `SwapSimulationFailedError`, `TransactionFailedError`, viem's
   * `UserRejectedRequestError`…); nothing is sent after a refused check.
   */
  swap(args: SwapArgs): Promise<SwapResult>
  /** Back to idle after a finished swap. */
  reset(): void
  isPending: boolean
  isSuccess: boolean
  isError: boolean
}

// One run per wagmi config, so the modal's views and the app's own calls share it (as useSend's
// form); dropped with the config.
const stores = new WeakMap<Config, SwapRunStore>()
const targets = new WeakMap<
  Config,
  { queryClient?: QueryClient | undefined; dataClient?: AccountDataClient | undefined }
>()

async function refresh(config: Config) {
  const { queryClient, dataClient } = targets.get(config) ?? {}
  const account = config.state.current
    ? config.state.connections.get(config.state.current)
    : undefined
  const address = account?.accounts[0]
  if (dataClient && address && account)
    await dataClient
      .getTokenBalances({ address, chainId: account.chainId, fresh: true })
      .catch(() => {})
  await Promise.all([
    queryClient?.invalidateQueries({ queryKey: ['latchkey', 'swapBalances'] }),
    queryClient?.invalidateQueries({ queryKey: ['latchkey', 'tokenBalances'] }),
    queryClient?.invalidateQueries({ queryKey: ['latchkey', 'activity'] }),
    queryClient?.refetchQueries({ queryKey: ['latchkey', 'nativeBalance'] }),
  ])
}

function storeFor(config: Config): SwapRunStore {
  let store = stores.get(config)
  if (!store) {
    store = createSwapRunStore({
      record: (sent) => targets.get(config)?.dataClient?.recordTransaction(sent),
      onSettled: () => void refresh(config),
    })
    stores.set(config, store)
  }
  return store
}

/**
 * Swap on the connected chain with the `swap` option's provider (SPEC §4, issue 15), headless:
 * the run the SwapPreview view shows. `steps` lists what this swap asks of the wallet in order
 * (`approve`, `sign`, `swap`, then `receipt`), `step` the one under way; success means a mined,
 * successful swap. A mined swap is recorded in the activity (a trade) and balances are read again.
 * @example const { swap, step, status, error } = useSwap()
 */
export function useSwap(parameters: UseSwapParameters = {}): UseSwapReturnType {
  const config = useConfig()
  const queryClient = useQueryClient()
  const dataClient = useAccountDataClient(parameters)
  const { address, chainId } = useConnection()
  const { provider, slippageBps, supportsChain } = useSwapSetup(parameters)
  const store = useMemo(() => storeFor(config), [config])
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getInitialState)

  useEffect(() => {
    targets.set(config, { queryClient, dataClient })
  }, [config, queryClient, dataClient])

  const swap = useCallback(
    async (args: SwapArgs) => {
      if (!address || chainId === undefined) throw new NoConnectionClientError()
      if (!provider || !supportsChain(chainId)) throw new ChainNotSupportedError()
      return store.run({
        provider,
        request: {
          chainId,
          sellToken: args.sellToken.address,
          buyToken: args.buyToken.address,
          sellAmount: args.sellAmount,
          taker: address as Address,
          slippageBps: args.slippageBps ?? slippageBps,
        },
        sellToken: args.sellToken,
        buyToken: args.buyToken,
        publicClient: swapPublicClient(config, chainId),
        getWalletClient: () => swapWalletClient(config, chainId, address as Address),
        onProgress: args.onProgress,
      })
    },
    [provider, supportsChain, address, chainId, store, config, slippageBps],
  )

  return {
    ...state,
    swap,
    reset: store.reset,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  }
}
