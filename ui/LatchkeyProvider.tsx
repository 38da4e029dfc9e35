import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { useConfig } from 'wagmi'
import { getStartView } from '../src/machines/router'
import { type LatchkeyOptions, parseOptions } from '../src/schemas/options'
import { createStorage } from '../src/storage/createStorage'
import { createModalStore } from '../src/stores/createModalStore'
import { createRouterStore } from '../src/stores/createRouterStore'
import { createToastStore } from '../src/stores/createToastStore'
import {
  LatchkeyContext,
  type LatchkeyContextValue,
  type OpenModalArgs,
} from './context/LatchkeyContext'
import { useUnsupportedChainWatcher } from './hooks/useUnsupportedChainWatcher'
import { isMobileViewport } from './isMobileViewport'
import { ModalShell } from './ModalShell'

/** Props of {@link LatchkeyProvider}. */
export interface LatchkeyProviderProps {
  /** Latchkey options (SPEC §1, §9); keep the object stable between renders. @default {} */
  options?: LatchkeyOptions | undefined
  children?: ReactNode
}

/**
 * Provides Latchkey's state to the button, modal and hooks; goes inside `WagmiProvider` and
 * `QueryClientProvider`. Throws `OptionsValidationError` on invalid options.
 * @example <LatchkeyProvider options={{ themeMode: 'dark' }}><ConnectButton /></LatchkeyProvider>
 */
export function LatchkeyProvider({ options: input, children }: LatchkeyProviderProps) {
  const config = useConfig()
  const options = useMemo(() => parseOptions(input ?? {}), [input])
  const [hostModals, setHostModals] = useState(0)
  const [stores] = useState(() => {
    const modal = createModalStore()
    const router = createRouterStore({
      onClose: () => modal.close(),
      embedded: options.enableEmbedded,
      isConnected: () => config.state.status === 'connected',
    })
    return { modal, router, toast: createToastStore(), storage: createStorage() }
  })

  useEffect(
    () => () => {
      stores.modal.destroy()
      stores.toast.destroy()
    },
    [stores],
  )

  const openModal = useCallback(
    (args: OpenModalArgs = {}) => {
      const start = getStartView({
        manualWCControl: options.manualWCControl,
        hasAdapters: true,
        isConnected: config.state.status === 'connected',
        isMobile: isMobileViewport(),
        requested: args.view ? { view: args.view, data: args.data } : undefined,
      })
      stores.router.reset(start.view, start.data)
      stores.modal.open()
    },
    [config, options, stores],
  )

  const registerHostModal = useCallback(() => {
    setHostModals((n) => n + 1)
    return () => setHostModals((n) => n - 1)
  }, [])

  const value = useMemo<LatchkeyContextValue>(
    () => ({ ...stores, options, openModal, closeModal: stores.router.close, registerHostModal }),
    [stores, options, openModal, registerHostModal],
  )
  useUnsupportedChainWatcher(value)

  return (
    <LatchkeyContext.Provider value={value}>
      {children}
      {!options.enableEmbedded && hostModals === 0 && <ModalShell />}
    </LatchkeyContext.Provider>
  )
}
