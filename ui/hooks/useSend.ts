import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { type Client, createClient, custom, type EIP1193Provider } from 'viem'
import { type Config, useConfig } from 'wagmi'
import type { AccountDataClient } from '../../src/account/accountDataClientTypes'
import { NoConnectionClientError } from '../../src/errors/NoConnectionClientError'
import type { SendState, SendToken } from '../../src/machines/sendTypes'
import { createViemSendTransport } from '../../src/send/createViemSendTransport'
import { createSendStore, type SendStore } from '../../src/stores/createSendStore'
import type { ConfigChainId } from '../ConfigChainId'
import { type AccountDataParameters, useAccountDataClient } from '../useAccountDataClient'
import { useConnection } from '../useConnection'

/** Parameters of {@link useSend}: where names are looked up and sends recorded. */
export type UseSendParameters = Omit<AccountDataParameters, 'address' | 'chainId' | 'query'>

/** What {@link useSend} returns: the send state (SPEC §3) and its actions. */
export interface UseSendReturnType extends SendState {
  /** The connected chain's own currency as a token (its symbol: BNB on chain 56, not ETH). */
  nativeToken: SendToken | undefined
  selectToken: SendStore['selectToken']
  setAmount: SendStore['setAmount']
  setMax: SendStore['setMax']
  setReceiver: SendStore['setReceiver']
  send: SendStore['send']
  dismiss: SendStore['dismiss']
  reset: SendStore['reset']
  /** Waiting for the wallet or for the receipt. */
  isPending: boolean
}

// One send form per wagmi config, so the modal's views and the app's own calls share it (as the
// data client is shared, see useAccountDataClient); dropped with the config.
const stores = new WeakMap<Config, SendStore>()

/** What a settled send refreshes: the latest QueryClient and data client of a mounted hook. */
interface RefreshTargets {
  queryClient?: QueryClient | undefined
  dataClient?: AccountDataClient | undefined
}
const targets = new WeakMap<Config, RefreshTargets>()

async function refresh(config: Config, state: SendState) {
  const { queryClient, dataClient } = targets.get(config) ?? {}
  const account = state.account
  // the data client caches balances 30 s: read them again before the hooks do
  if (dataClient && account)
    await dataClient
      .getTokenBalances({ address: account.address, chainId: account.chainId, fresh: true })
      .catch(() => {})
  await Promise.all([
    queryClient?.invalidateQueries({ queryKey: ['latchkey', 'tokenBalances'] }),
    queryClient?.invalidateQueries({ queryKey: ['latchkey', 'activity'] }),
    queryClient?.refetchQueries({ queryKey: ['latchkey', 'nativeBalance'] }),
  ])
}

/**
 * The connected wallet's client on `chainId`, built as wagmi's `getConnectorClient` builds it (the
 * connector's own client, else its provider through viem's `custom` transport). Not that action:
 * it imports `viem/utils`, a barrel through which an app's bundler (esbuild) then reaches, from
 * the first bundle, viem's `call` and the other modules the send flow uses, and moves them there.
 */
async function connectorClient(config: Config, chainId: number, from: `0x${string}`) {
  const current = config.state.current
  const connection = current ? config.state.connections.get(current) : undefined
  // disconnected between the form and the send (the form needs an account)
  if (!connection) throw new NoConnectionClientError()
  const { connector } = connection
  if (connector.getClient) return (await connector.getClient({ chainId })) as Client
  const provider = (await connector.getProvider({ chainId })) as EIP1193Provider
  return createClient({
    account: from,
    chain: config.chains.find((chain) => chain.id === chainId),
    transport: (options) => custom(provider)({ ...options, retryCount: 0 }),
  }) as Client
}

function storeFor(config: Config): SendStore {
  let store = stores.get(config)
  if (!store) {
    store = createSendStore({
      transport: createViemSendTransport({
        getClient: (chainId) => config.getClient({ chainId: chainId as ConfigChainId }) as Client,
        getWalletClient: ({ chainId, from }) => connectorClient(config, chainId, from),
      }),
      onSettled: (state) => void refresh(config, state),
      onRecorded: () =>
        void targets.get(config)?.queryClient?.invalidateQueries({
          queryKey: ['latchkey', 'activity'],
        }),
    })
    stores.set(config, store)
  }
  return store
}

/**
 * Send tokens (SPEC §4 "Sending", §5 send rules), headless: the same form the WalletSend views
 * show. Choose a token, an amount and a receiver (an address, or a name looked up through the
 * data server, checked 500 ms after the last keystroke); `violation` is the first rule the form
 * breaks, `fee` the estimated network fee, and `send()` resolves once a receipt confirms it.
 * A confirmed send is recorded in the activity and the form is reset.
 * @example
 * const { nativeToken, selectToken, setAmount, setReceiver, ready, send, status } = useSend()
 */
export function useSend(parameters: UseSendParameters = {}): UseSendReturnType {
  const config = useConfig()
  const queryClient = useQueryClient()
  const dataClient = useAccountDataClient(parameters)
  const { address, chainId } = useConnection()
  const store = useMemo(() => storeFor(config), [config])
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getInitialState)

  useEffect(() => {
    store.setDataClient(dataClient)
    targets.set(config, { queryClient, dataClient })
  }, [store, config, queryClient, dataClient])
  useEffect(() => {
    store.setAccount(
      address && chainId !== undefined ? { address, chainId, namespace: 'eip155' } : undefined,
    )
  }, [store, address, chainId])

  const chain = config.chains.find((c) => c.id === chainId)
  const nativeToken = useMemo<SendToken | undefined>(
    () =>
      chain && {
        symbol: chain.nativeCurrency.symbol,
        name: chain.nativeCurrency.name,
        decimals: chain.nativeCurrency.decimals,
      },
    [chain],
  )

  return {
    ...state,
    nativeToken,
    selectToken: store.selectToken,
    setAmount: store.setAmount,
    setMax: store.setMax,
    setReceiver: store.setReceiver,
    send: store.send,
    dismiss: store.dismiss,
    reset: store.reset,
    isPending: state.status === 'sending' || state.status === 'pending',
  }
}
