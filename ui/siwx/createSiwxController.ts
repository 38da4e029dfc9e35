import { stringToHex } from 'viem'
import type { Config } from 'wagmi'
import { disconnect } from 'wagmi/actions'
import type { SolanaAdapter } from '../../connectors/solana/solanaAdapterTypes'
import type { LatchkeyNamespace, SolanaConnectionSnapshot } from '../../src/client/types'
import { NoConnectionClientError } from '../../src/errors/NoConnectionClientError'
import { SignMessageFailedError } from '../../src/errors/SignMessageFailedError'
import { getCurrentRoute } from '../../src/machines/router'
import type { SiwxConnection } from '../../src/machines/siwx'
import { parseOptions } from '../../src/schemas/parseOptions'
import { isSiwxRequired, type SiwxOption } from '../../src/schemas/siwxOption'
import type { ModalStore } from '../../src/stores/createModalStore'
import type { RouterStore } from '../../src/stores/createRouterStore'
import { createSiwxStore, type SiwxStoreState } from '../../src/stores/createSiwxStore'
import { encodeBase58 } from '../../src/utils/encodeBase58'
import type { ModalParts, SiwxController } from '../context/LatchkeyContext'
import { t } from '../locales/t'
import { pickNamespace } from '../pickNamespace'
import { getConnection, watchConnection } from '../wagmiCompat'
import { siwxErrorMessage } from './siwxErrorMessage'

/** Parameters of {@link createSiwxController}. */
export interface CreateSiwxControllerParameters {
  option: SiwxOption
  config: Config
  router: RouterStore
  modal: ModalStore
  /** The modal chunk's part (toasts), when it has loaded. */
  getParts(): ModalParts | null
  /**
   * The client's namespace and Solana connection: with a `<SolanaProvider>`, sign-in is for the
   * account of the namespace shown. Without it, wagmi's account alone.
   */
  getClientState?(): { namespace: LatchkeyNamespace; solana: SolanaConnectionSnapshot | null }
  /** Calls `listener` on every change of that state; returns the unsubscribe. */
  subscribeClient?(listener: () => void): () => void
}

/**
 * EIP-191 `personal_sign` through the connected wallet's EIP-1193 provider: what wagmi's
 * `signMessage` sends for a wallet account, without its wallet client. Importing that action here
 * put viem's wallet actions into the first bundle (esbuild places modules the page's wagmi can
 * reach, and this lazy chunk uses, in a chunk shared with the page).
 */
async function personalSign(config: Config, message: string, address: string): Promise<string> {
  const connector = config.state.connections.get(config.state.current ?? '')?.connector
  if (!connector) throw new NoConnectionClientError()
  const provider = (await connector.getProvider()) as {
    request(arguments_: { method: 'personal_sign'; params: [string, string] }): Promise<unknown>
  }
  const signature = await provider.request({
    method: 'personal_sign',
    params: [stringToHex(message), address],
  })
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
    throw new SignMessageFailedError()
  return signature
}

/**
 * A CAIP-122 message signed by the connected Solana wallet (`solana:signMessage`), as base58 of
 * the 64-byte Ed25519 signature. A wallet that signed other bytes than the message's own (some
 * prefix what they show) signed nothing sign-in can check: that is a failure.
 */
async function solanaSign(solana: SolanaConnectionSnapshot | null, message: string) {
  if (solana?.status !== 'connected') throw new NoConnectionClientError()
  const bytes = new TextEncoder().encode(message)
  const { signature, signedMessage } = await (solana.adapter as SolanaAdapter).signMessage({
    message: bytes,
  })
  const same =
    signedMessage.length === bytes.length && signedMessage.every((byte, i) => byte === bytes[i])
  if (!same || signature.length !== 64) throw new SignMessageFailedError()
  return encodeBase58(signature)
}

/**
 * Wires the sign-in store to wagmi (connection in, `signMessage` and `disconnect` out) and to the
 * modal (SPEC §4): a prompt opens SIWXSignMessage, success closes with a toast, a failure reopens
 * with the error, a cancel closes and resets to Connect. Validates the `siwx` option first.
 */
export function createSiwxController(parameters: CreateSiwxControllerParameters): SiwxController {
  const { option, config, router, modal, getParts, getClientState, subscribeClient } = parameters
  parseOptions({ siwx: option })
  const solanaNow = () => getClientState?.().solana ?? null
  // The namespace of the account last fed: what a required sign-in's cancel disconnects.
  let fedNamespace: LatchkeyNamespace = 'eip155'
  const store = createSiwxStore({
    adapter: option,
    required: isSiwxRequired(option),
    signMessage: ({ message, address, chainId }) =>
      chainId.startsWith('solana:')
        ? solanaSign(solanaNow(), message)
        : personalSign(config, message, address),
    disconnect: () =>
      fedNamespace === 'solana'
        ? (solanaNow()?.adapter as SolanaAdapter | undefined)?.disconnect()
        : disconnect(config),
  })

  // A Solana account's chain id may need an RPC read (a custom cluster): only the latest counts.
  let solanaFeed = 0
  let solanaKey: string | undefined

  function feedSolana(solana: SolanaConnectionSnapshot | null) {
    if (!solana || solana.status === 'disconnected') {
      solanaKey = undefined
      return store.setConnection(undefined)
    }
    if (solana.status !== 'connected' || !solana.address) return
    const { address } = solana
    const key = `${address}|${solana.clusterName}`
    if (key === solanaKey) return
    solanaKey = key
    const ticket = ++solanaFeed
    const adapter = solana.adapter as SolanaAdapter
    adapter.getCaipNetworkId().then(
      (chainId) => {
        if (ticket === solanaFeed) store.setConnection({ address, chainId, supported: true })
      },
      () => {
        // no chain id to name in a message: no prompt, and the next change reads it again
        if (ticket !== solanaFeed) return
        solanaKey = undefined
        store.setConnection({ address, chainId: adapter.getCluster().chain, supported: false })
      },
    )
  }

  function feed() {
    const connection = getConnection(config)
    const client = getClientState?.()
    const solana = client?.solana ?? null
    const shown = client
      ? pickNamespace(
          client.namespace,
          connection.status === 'connected' && Boolean(connection.address),
          solana?.status === 'connected' && solana.address !== undefined,
        )
      : 'eip155'
    fedNamespace = shown
    if (shown === 'solana') return feedSolana(solana)
    solanaKey = undefined
    solanaFeed++
    if (connection.status === 'disconnected') return store.setConnection(undefined)
    // connecting / reconnecting: wait for the outcome rather than sign out and back in
    if (connection.status !== 'connected' || !connection.address) return
    const { chainId } = connection
    const next: SiwxConnection = {
      address: connection.address,
      chainId: `eip155:${chainId}`,
      supported: config.chains.some((chain) => chain.id === chainId),
    }
    store.setConnection(next)
  }

  const currentView = () => getCurrentRoute(router.getState()).view

  function openView() {
    if (currentView() !== 'SIWXSignMessage') router.reset('SIWXSignMessage')
    if (!modal.getState().open) modal.open()
  }

  function closeView() {
    if (currentView() === 'SIWXSignMessage') router.close()
  }

  function react(state: SiwxStoreState, prev: SiwxStoreState) {
    if (state.prompt && (!prev.prompt || state.promptId !== prev.promptId)) openView()
    const parts = getParts()
    const toast = parts?.toast
    // SPEC §7: sign-in's outcome is an analytics event (sent only to the host's endpoint)
    const track = (event: 'SIWX_AUTH_SUCCESS' | 'SIWX_AUTH_ERROR') =>
      parts?.analytics.track(parts.options, {
        event,
        properties: event === 'SIWX_AUTH_ERROR' ? { error: state.error?.name } : undefined,
        address: state.connection?.address,
      })
    switch (state.result) {
      case 'success':
        closeView()
        toast?.show('success', t('siwx.signedIn'))
        track('SIWX_AUTH_SUCCESS')
        return
      case 'error':
        openView()
        toast?.show('error', siwxErrorMessage(state.error))
        track('SIWX_AUTH_ERROR')
        return
      case 'cancelled':
        closeView()
        if (state.resetToConnect) router.reset('Connect')
        return
      case undefined:
        // The prompt went away by itself (disconnect, a signed-in account, unsupported network).
        if (prev.prompt && !state.prompt) closeView()
        return
      default: {
        const _: never = state.result
        return
      }
    }
  }

  return {
    option,
    store,
    start() {
      const unsubscribe = store.subscribe(react)
      const unwatch = watchConnection(config, { onChange: feed })
      const unwatchClient = subscribeClient?.(feed)
      feed()
      return () => {
        unwatchClient?.()
        unwatch()
        unsubscribe()
      }
    },
    interceptClose() {
      const state = store.getState()
      if (state.closeBlocked) {
        modal.shake()
        return true
      }
      if (state.prompt && currentView() === 'SIWXSignMessage') {
        store.cancel()
        return true
      }
      return false
    },
  }
}
