import { BaseError } from '../errors/base'
import { SignMessageFailedError } from '../errors/SignMessageFailedError'
import { type SiwxConnection, type SiwxEvent, type SiwxState, siwxReducer } from '../machines/siwx'
import { initialSiwxState } from '../machines/siwxInitialState'
import type { CaipNetworkId } from '../networks'
import type { SiwxAdapter, SiwxUnsignedMessage } from '../siwx/SiwxAdapter'
import { isSameSiwxAddress, isSiwxSessionFor } from '../siwx/siwxSessions'
import type { SiwxAccount, SiwxSession } from '../siwx/types'
import { createMachineStore, type ReadonlyStore } from './createMachineStore'

/** The sign-in machine's state plus the message the sign view previews and the wallet signs. */
export interface SiwxStoreState extends SiwxState {
  /** Prepared for the current prompt (one nonce per prompt and account); undefined until ready. */
  message: SiwxUnsignedMessage | undefined
}

/** Parameters of {@link createSiwxStore}. */
export type CreateSiwxStoreParameters = {
  adapter: SiwxAdapter
  /** Asks the wallet to sign `message` with `address` (EIP-191 `personal_sign` for eip155). */
  signMessage(parameters: {
    message: string
    address: string
    chainId: CaipNetworkId
  }): Promise<string>
  /** Disconnects the wallet: a cancel or a sign-out while sign-in is required. */
  disconnect(): Promise<unknown> | undefined
  /** @default adapter.getRequired?.() ?? false */
  required?: boolean | undefined
  /** @default adapter.signOutOnDisconnect ?? true */
  signOutOnDisconnect?: boolean | undefined
  /**
   * How long a prepared message is offered again after the wallet declined it, in milliseconds.
   * @default 300_000
   */
  messageMaxAge?: number | undefined
  /** @default Date.now */
  now?: (() => number) | undefined
}

/** The sign-in flow: read-only zustand store plus actions; effects run inside. */
export interface SiwxStore extends ReadonlyStore<SiwxStoreState> {
  /** Feeds the wallet's connection (undefined when disconnected); a repeated value is ignored. */
  setConnection(connection: SiwxConnection | undefined): void
  /** Signs in the connected account; resolves with the session, or undefined (see `error`). */
  signIn(): Promise<SiwxSession | undefined>
  /** Cancels the prompt: closes, or disconnects when sign-in is required. */
  cancel(): void
  /** Signs the current account out; resolves once the adapter revoked its session. */
  signOut(): Promise<void>
  setRequired(required: boolean): void
  /** Stops feeding events back (provider unmount); pending results are dropped. */
  destroy(): void
}

const accountKey = (account: SiwxAccount) => `${account.chainId}|${account.address.toLowerCase()}`

function isMessageFor(message: SiwxUnsignedMessage | undefined, account: SiwxAccount | undefined) {
  return (
    message !== undefined &&
    account !== undefined &&
    message.data.chainId === account.chainId &&
    isSameSiwxAddress(account.chainId, message.data.accountAddress, account.address)
  )
}

function sameConnection(a: SiwxConnection | undefined, b: SiwxConnection | undefined) {
  if (!a || !b) return a === b
  return (
    a.chainId === b.chainId &&
    a.supported === b.supported &&
    isSameSiwxAddress(a.chainId, a.address, b.address)
  )
}

/** The machine's events plus the store's own: the prepared message changed. */
type SiwxStoreEvent =
  | SiwxEvent
  | { type: 'messageChanged'; message: SiwxUnsignedMessage | undefined }

/** `siwxReducer` with the prepared message beside it: kept while it fits the prompt's account. */
function siwxStoreReducer(prev: SiwxStoreState, event: SiwxStoreEvent): SiwxStoreState {
  if (event.type === 'messageChanged') {
    if (prev.message === event.message) return prev
    // The machine's one-shot outputs were acted on when their event ran: do not replay them.
    return {
      ...prev,
      message: event.message,
      result: undefined,
      shouldDisconnect: false,
      resetToConnect: false,
    }
  }
  const machine = siwxReducer(prev, event)
  if (machine === prev) return prev
  const keep = machine.prompt && isMessageFor(prev.message, machine.connection)
  return { ...machine, message: keep ? prev.message : undefined }
}

function toSiwxError(error: unknown, stage: 'message' | 'sign' | 'verify'): BaseError {
  if (error instanceof BaseError) return error
  if (stage === 'sign') return new SignMessageFailedError({ cause: error })
  return new BaseError(error instanceof Error ? error.message : 'Sign-in failed.', {
    cause: error,
    name: 'SiwxError',
  })
}

/**
 * Binds the pure sign-in machine (`siwxReducer`) to an adapter and a wallet: looks up stored
 * sessions on every connection change, prepares one message (one nonce) per prompt, signs,
 * stores the session, revokes old sessions and disconnects when the machine says so.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function createSiwxStore(parameters: CreateSiwxStoreParameters): SiwxStore {
  const { adapter, messageMaxAge = 300_000, now = Date.now } = parameters
  const machine = createMachineStore<SiwxStoreState, SiwxStoreEvent>({
    reducer: siwxStoreReducer,
    initialState: {
      ...initialSiwxState({
        required: parameters.required ?? adapter.getRequired?.() ?? false,
        signOutOnDisconnect: parameters.signOutOnDisconnect ?? adapter.signOutOnDisconnect ?? true,
      }),
      message: undefined,
    },
    onChange(next, _, event) {
      if (event.type !== 'messageChanged') runEffects(next)
    },
  })
  const { store } = machine
  let destroyed = false
  let fed: SiwxConnection | undefined
  let feed = 0
  let messageAt = 0
  const preparing = new Map<string, Promise<SiwxUnsignedMessage>>()
  const autoPrepared = new Set<string>()
  const revoking = new Map<string, Promise<void>>()

  function setMessage(message: SiwxUnsignedMessage | undefined) {
    machine.dispatch({ type: 'messageChanged', message })
  }

  function prepare(account: SiwxAccount): Promise<SiwxUnsignedMessage> {
    const key = accountKey(account)
    const pending = preparing.get(key)
    if (pending) return pending
    const promise = adapter.createMessage(account).finally(() => preparing.delete(key))
    preparing.set(key, promise)
    promise.then(
      (message) => {
        const { connection, prompt } = store.getState()
        if (destroyed || !prompt || !isMessageFor(message, connection)) return
        messageAt = now()
        setMessage(message)
      },
      () => {},
    )
    return promise
  }

  function revoke(account: SiwxAccount) {
    const key = accountKey(account)
    if (revoking.has(key)) return
    const done = adapter
      .revokeSession(account.chainId, account.address)
      .catch(() => {})
      .then(() => {
        revoking.delete(key)
        dispatch({ type: 'signedOut', account })
      })
    revoking.set(key, done)
  }

  function runEffects(state: SiwxStoreState) {
    for (const account of state.signOuts) revoke(account)
    if (state.shouldDisconnect) Promise.resolve(parameters.disconnect()).catch(() => {})
    const { connection } = state
    // One message (one nonce) per prompt and account; a failed one waits for a click on Sign.
    if (state.prompt && state.status === 'needsSignature' && connection?.supported) {
      const key = `${state.promptId}|${accountKey(connection)}`
      if (!state.message && !autoPrepared.has(key)) {
        autoPrepared.add(key)
        const { promptId } = state
        prepare(connection).catch((error: unknown) => {
          // Nothing is on its way any more: the view shows why instead of "Preparing…".
          const current = store.getState().connection
          if (!current || accountKey(current) !== accountKey(connection)) return
          dispatch({ type: 'prepareFailed', error: toSiwxError(error, 'message'), promptId })
        })
      }
    }
  }

  function dispatch(event: SiwxEvent) {
    if (!destroyed) machine.dispatch(event)
  }

  async function messageFor(account: SiwxAccount): Promise<SiwxUnsignedMessage> {
    const { message } = store.getState()
    if (message && isMessageFor(message, account) && now() - messageAt < messageMaxAge)
      return message
    return prepare(account)
  }

  return {
    ...store,
    setConnection(connection) {
      if (sameConnection(fed, connection)) return
      const previous = fed
      fed = connection
      const current = ++feed
      if (!connection) {
        dispatch({ type: 'disconnected' })
        return
      }
      const type = !previous
        ? 'connected'
        : isSameSiwxAddress(connection.chainId, previous.address, connection.address)
          ? 'chainChanged'
          : 'accountChanged'
      const { session } = store.getState()
      if (session && isSiwxSessionFor(session, connection)) {
        dispatch({ type, ...connection })
        return
      }
      // A stored session for the new account means no prompt: look before telling the machine.
      adapter
        .getSessions(connection.chainId, connection.address)
        .then(
          (sessions) => sessions[0],
          () => undefined,
        )
        .then((found) => {
          if (current === feed) dispatch({ type, ...connection, session: found })
        })
    },
    async signIn() {
      const before = store.getState()
      dispatch({ type: 'signRequested' })
      const state = store.getState()
      if (state === before || state.status !== 'signing' || !state.connection) return undefined
      const { attempt } = state
      const account = { chainId: state.connection.chainId, address: state.connection.address }
      let stage: 'message' | 'sign' | 'verify' = 'message'
      try {
        const unsigned = await messageFor(account)
        if (store.getState().attempt !== attempt) return undefined
        stage = 'sign'
        const signature = await parameters.signMessage({
          message: unsigned.message,
          address: account.address,
          chainId: account.chainId,
        })
        if (store.getState().attempt !== attempt) return undefined
        stage = 'verify'
        const session: SiwxSession = { data: unsigned.data, message: unsigned.message, signature }
        // The nonce is spent from here on: a retry needs a new message.
        setMessage(undefined)
        await adapter.addSession(session)
        dispatch({ type: 'signed', session, attempt })
        if (store.getState().session === session) return session
        // The account changed while the adapter stored it: that session must not outlive it.
        revoke(account)
        return undefined
      } catch (error) {
        if (stage !== 'sign') setMessage(undefined)
        dispatch({ type: 'failed', error: toSiwxError(error, stage), attempt })
        return undefined
      }
    },
    cancel() {
      dispatch({ type: 'cancelled' })
    },
    async signOut() {
      dispatch({ type: 'signOutRequested' })
      await Promise.all(revoking.values())
    },
    setRequired(required) {
      dispatch({ type: 'setRequired', required })
    },
    destroy() {
      destroyed = true
    },
  }
}
