import type { AccountDataClient } from '../account/accountDataClientTypes'
import { EstimateGasFailedError } from '../errors/EstimateGasFailedError'
import { TransactionFailedError } from '../errors/TransactionFailedError'
import { TransactionReplacedError } from '../errors/TransactionReplacedError'
import { initialSendState, sendReducer } from '../machines/send'
import type { SendAccount, SendEvent, SendState, SendToken } from '../machines/sendTypes'
import { nativeTransferGas, sendFeeKey } from '../send/checkSend'
import { parseReceiver } from '../send/parseReceiver'
import type { SendTransactionRequest, SendTransport } from '../send/SendTransport'
import { toSendError } from '../send/toSendError'
import { transferOf } from '../send/transferOf'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

/** The parts of the account data client a send uses: name lookups and the activity record. */
export type SendDataClient = Pick<
  AccountDataClient,
  'resolveName' | 'getIdentity' | 'recordTransaction' | 'hasServer'
>

/** Parameters of {@link createSendStore}. */
export interface CreateSendStoreParameters {
  transport: SendTransport
  /** Where names are looked up and sends recorded (the activity list reads it). */
  dataClient?: SendDataClient | undefined
  /** Called once a send is confirmed or failed on chain (e.g. to refresh balances and activity). */
  onSettled?: ((state: SendState) => void) | undefined
  /** Called after each record into the activity (pending, then confirmed or failed). */
  onRecorded?: (() => void) | undefined
  /** SPEC §9 address debounce, in ms. @default 500 */
  debounceMs?: number | undefined
  /** Wait after the last edit before estimating gas, in ms. @default 250 */
  estimateDelayMs?: number | undefined
}

/** The send flow: read-only zustand store plus actions; effects (reads, wallet) run inside. */
export interface SendStore extends ReadonlyStore<SendState> {
  /** The connected account; a change of account or chain resets the form (SPEC §4). */
  setAccount(account: SendAccount | undefined): void
  setDataClient(client: SendDataClient | undefined): void
  selectToken(token: SendToken): void
  setAmount(amount: string): void
  /** The whole balance; for the native currency, less the network fee. */
  setMax(): void
  /** An address or a name; checked 500 ms after the last change. */
  setReceiver(input: string): void
  /**
   * Sends the previewed transfer and waits for its receipt; resolves with the hash once confirmed,
   * or undefined (see `error`: a rejection is viem's `UserRejectedRequestError`).
   */
  send(): Promise<`0x${string}` | undefined>
  /** Leaves a finished send's status for a fresh form. */
  dismiss(): void
  reset(): void
  /** Stops timers and drops late results (provider unmount). */
  destroy(): void
}

/**
 * Binds the pure send machine (`sendReducer`) to a chain and a wallet: reads the balances and fee
 * caps when the account or token changes, checks the receiver 500 ms after the last keystroke
 * (names through the data client), estimates gas for the transfer, sends it, waits for the
 * receipt, and records the send where the activity list reads it.
 */
export function createSendStore(parameters: CreateSendStoreParameters): SendStore {
  const { transport, debounceMs = 500, estimateDelayMs = 250 } = parameters
  let dataClient = parameters.dataClient
  let destroyed = false
  let receiverTimer: ReturnType<typeof setTimeout> | undefined
  let estimateTimer: ReturnType<typeof setTimeout> | undefined
  let readId = 0

  const machine = createMachineStore<SendState, SendEvent>({
    reducer: sendReducer,
    initialState: initialSendState(),
    onChange: runEffects,
  })
  const { store } = machine

  function dispatch(event: SendEvent) {
    if (!destroyed) machine.dispatch(event)
  }

  function readBalances(state: SendState) {
    const { account, token } = state
    if (account?.namespace !== 'eip155') return
    const id = ++readId
    const { chainId, address } = account
    const current = () => id === readId
    transport.getBalance({ chainId, address }).then(
      (native) => current() && dispatch({ type: 'balancesRead', chainId, native }),
      () => {},
    )
    if (token?.address)
      transport.getBalance({ chainId, address, token: token.address }).then(
        (balance) => current() && dispatch({ type: 'balancesRead', chainId, token: balance }),
        () => {},
      )
    transport.getFeesPerGas({ chainId }).then(
      (fees) =>
        current() &&
        dispatch({
          type: 'feeRead',
          fee: { ...fees, gas: token?.address ? 65_000n : nativeTransferGas, estimated: false },
        }),
      () => {},
    )
  }

  function estimate(key: string) {
    clearTimeout(estimateTimer)
    estimateTimer = setTimeout(() => {
      const state = store.getState()
      const transfer = transferOf(state)
      if (!transfer || sendFeeKey(state) !== key) return
      Promise.all([transport.estimateGas(transfer), transport.getFeesPerGas(transfer)]).then(
        ([gas, fees]) => dispatch({ type: 'feeRead', key, fee: { ...fees, gas, estimated: true } }),
        (cause) =>
          dispatch({ type: 'feeFailed', key, error: new EstimateGasFailedError({ cause }) }),
      )
    }, estimateDelayMs)
  }

  function lookUp(state: SendState) {
    const { receiver, receiverId, account } = state
    if (!account) return
    const { chainId } = account
    if (receiver.status === 'resolving') {
      const client = dataClient
      if (!client) {
        dispatch({ type: 'receiverResolved', receiverId, address: null })
        return
      }
      client.resolveName({ name: receiver.name, chainId }).then(
        (found) => {
          // checksummed as a typed address is; an answer that is no address is no address found
          const parsed = found.supported && found.address ? parseReceiver(found.address) : undefined
          dispatch({
            type: 'receiverResolved',
            receiverId,
            address: parsed?.kind === 'address' ? parsed.address : null,
            avatar: found.supported ? found.avatar : null,
          })
        },
        () => dispatch({ type: 'receiverResolved', receiverId, address: null }),
      )
    }
    if (receiver.status === 'valid' && dataClient?.hasServer)
      dataClient.getIdentity({ address: receiver.address, chainId }).then(
        (found) =>
          found.supported &&
          dispatch({
            type: 'receiverResolved',
            receiverId,
            address: receiver.address,
            name: found.name,
            avatar: found.avatar,
          }),
        () => {},
      )
  }

  function runEffects(next: SendState, previous: SendState, event: SendEvent) {
    const accountChanged =
      next.account?.address !== previous.account?.address ||
      next.account?.chainId !== previous.account?.chainId
    if (
      accountChanged ||
      next.token?.address !== previous.token?.address ||
      event.type === 'receipt'
    )
      readBalances(next)
    if (next.receiverId !== previous.receiverId && next.receiver.status === 'typing') {
      clearTimeout(receiverTimer)
      const { receiverId } = next
      receiverTimer = setTimeout(
        () => dispatch({ type: 'receiverSettled', receiverId }),
        debounceMs,
      )
    }
    if (next.receiver !== previous.receiver && next.receiver.status !== previous.receiver.status)
      lookUp(next)
    const key = sendFeeKey(next)
    if (key && key !== sendFeeKey(previous) && next.status === 'editing') estimate(key)
  }

  async function send(): Promise<`0x${string}` | undefined> {
    dispatch({ type: 'sendRequested' })
    const state = store.getState()
    const transfer = transferOf(state)
    if (state.status !== 'sending' || !transfer || !state.fee || !state.token) return undefined
    const request: SendTransactionRequest = {
      ...transfer,
      gas: state.fee.gas,
      maxFeePerGas: state.fee.maxFeePerGas,
      maxPriorityFeePerGas: state.fee.maxPriorityFeePerGas,
    }
    let hash: `0x${string}`
    try {
      hash = await transport.sendTransaction(request)
    } catch (error) {
      dispatch({ type: 'sendFailed', error: toSendError(error) })
      return undefined
    }
    dispatch({ type: 'submitted', hash })
    const sent = store.getState().sent
    const record = (status: 'pending' | 'confirmed' | 'failed', txHash = hash) => {
      if (!sent || destroyed) return
      try {
        dataClient?.recordTransaction({
          hash: txHash,
          chainId: transfer.chainId,
          from: transfer.from,
          to: sent.to,
          amount: sent.amount,
          symbol: sent.token.symbol,
          token: sent.token.address,
          status,
        })
        parameters.onRecorded?.()
      } catch {}
    }
    record('pending')
    try {
      const receipt = await transport.waitForReceipt({ chainId: transfer.chainId, hash })
      if (receipt.replaced === 'replaced' || receipt.replaced === 'cancelled') {
        record('failed')
        dispatch({
          type: 'replaced',
          hash,
          error: new TransactionReplacedError({
            hash,
            replacement: receipt.hash,
            reason: receipt.replaced,
          }),
        })
      } else if (receipt.status === 'reverted') {
        record('failed', receipt.hash)
        dispatch({
          type: 'receipt',
          hash,
          status: 'reverted',
          error: new TransactionFailedError({ stage: 'reverted', hash: receipt.hash }),
        })
      } else {
        record('confirmed', receipt.hash)
        dispatch({ type: 'receipt', hash, status: 'success' })
      }
    } catch (cause) {
      dispatch({
        type: 'receipt',
        hash,
        status: 'reverted',
        error: new TransactionFailedError({ stage: 'receipt', hash, cause }),
      })
    }
    const final = store.getState()
    if (!destroyed) parameters.onSettled?.(final)
    return final.status === 'confirmed' ? hash : undefined
  }

  return {
    ...store,
    setAccount(account) {
      dispatch({ type: 'accountChanged', account })
    },
    setDataClient(client) {
      dataClient = client
    },
    selectToken(token) {
      dispatch({ type: 'tokenSelected', token })
    },
    setAmount(amount) {
      dispatch({ type: 'amountChanged', amount })
    },
    setMax() {
      dispatch({ type: 'maxRequested' })
    },
    setReceiver(input) {
      dispatch({ type: 'receiverChanged', input })
    },
    send,
    dismiss() {
      dispatch({ type: 'dismissed' })
    },
    reset() {
      dispatch({ type: 'reset' })
    },
    destroy() {
      destroyed = true
      clearTimeout(receiverTimer)
      clearTimeout(estimateTimer)
    },
  }
}
