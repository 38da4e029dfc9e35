import { useCallback, useMemo, useSyncExternalStore } from 'react'
import type { Address } from 'viem'
import { type Config, useConfig } from 'wagmi'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { NoConnectionClientError } from '../../src/errors/NoConnectionClientError'
import { OnrampNotSupportedError } from '../../src/errors/OnrampNotSupportedError'
import type { OnrampSession } from '../../src/onramp/onrampTypes'
import { type OnrampHookParameters, useOnrampClient } from '../onramp/useOnrampSetup'
import { useConnection } from '../useConnection'

/** What `start()` takes: the purchase, for the connected account on its chain by default. */
export interface OnrampStartArgs {
  provider: string
  token: Address
  fiatCurrency: string
  fiatAmount: string
  country: string
  /** @default 'card' */
  paymentMethod?: string | undefined
  /** @default the connected chain */
  chainId?: number | undefined
  /** @default the connected account */
  address?: Address | undefined
}

/** Where the purchase being started is. */
export interface OnrampSessionState {
  status: 'idle' | 'pending' | 'success' | 'error'
  session: OnrampSession | undefined
  error: Error | null
  /** The browser refused the popup: `reopen()` in a click opens the provider's page. */
  popupBlocked: boolean
}

/** What {@link useOnrampSession} returns. */
export interface UseOnrampSessionReturnType extends OnrampSessionState {
  /**
   * Starts a purchase: call it in the click handler. The popup opens at once (a blank page, so
   * the browser allows it), the server prices the purchase again and answers the provider's
   * page, and the popup goes there. Resolves with the purchase (`pending`); rejects with a typed
   * error, closing the popup.
   */
  start(args: OnrampStartArgs): Promise<OnrampSession>
  /** Opens the provider's page again (a blocked or closed popup); call it in a click. */
  reopen(): void
  reset(): void
}

const initial: OnrampSessionState = {
  status: 'idle',
  session: undefined,
  error: null,
  popupBlocked: false,
}

// One purchase being started per wagmi config, so the modal's views and the app share it (as
// useSwap's run).
const stores = new WeakMap<Config, StoreApi<OnrampSessionState>>()

function storeFor(config: Config) {
  let store = stores.get(config)
  if (!store) {
    store = createStore<OnrampSessionState>()(() => initial)
    stores.set(config, store)
  }
  return store
}

/**
 * Opens a named popup as `about:blank` (DESIGN: popups), then cuts its way back to this page:
 * the provider's page cannot reach (or navigate) the dapp's window. The price: the page cannot
 * close it either once it is on the provider's site; the provider's page says it can be closed.
 */
function openPopup(url = 'about:blank'): Window | undefined {
  const popup = globalThis.open?.(url, 'latchkey-onramp', 'popup,width=460,height=720') ?? null
  if (!popup) return undefined
  try {
    popup.opener = null
  } catch {}
  return popup
}

/**
 * Starts a card purchase with one of the on-ramp's providers (issue 15), headless: the popup
 * opens synchronously in the click and is sent to the provider's page once the server made the
 * session. Follow it with `useOnrampStatus(session.id)`.
 * @example const { start } = useOnrampSession(); onClick={() => start({ provider, token, … })}
 */
export function useOnrampSession(
  parameters: OnrampHookParameters = {},
): UseOnrampSessionReturnType {
  const config = useConfig()
  const client = useOnrampClient(parameters)
  const { address, chainId } = useConnection()
  const store = useMemo(() => storeFor(config), [config])
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)

  const start = useCallback(
    (args: OnrampStartArgs) => {
      // before any await: the click's permission to open a window does not outlive it
      const popup = openPopup()
      store.setState({ ...initial, status: 'pending', popupBlocked: !popup })
      const to = args.address ?? (address as Address | undefined)
      const on = args.chainId ?? chainId
      const run = async () => {
        if (!client) throw new OnrampNotSupportedError({ what: 'provider' })
        if (!to || on === undefined) throw new NoConnectionClientError()
        return client.createSession({
          provider: args.provider,
          chainId: on,
          token: args.token,
          fiatCurrency: args.fiatCurrency,
          fiatAmount: args.fiatAmount,
          country: args.country,
          paymentMethod: args.paymentMethod ?? 'card',
          address: to,
        })
      }
      return run().then(
        (session) => {
          if (popup && !popup.closed) popup.location.href = session.widgetUrl
          store.setState({ status: 'success', session })
          return session
        },
        (error: Error) => {
          popup?.close()
          store.setState({ status: 'error', error })
          throw error
        },
      )
    },
    [client, address, chainId, store],
  )

  const reopen = useCallback(() => {
    const url = store.getState().session?.widgetUrl
    const popup = url ? openPopup(url) : undefined
    store.setState({ popupBlocked: url !== undefined && !popup })
  }, [store])
  const reset = useCallback(() => store.setState(initial), [store])

  return { ...state, start, reopen, reset }
}
