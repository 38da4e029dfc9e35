import { type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { useConfig } from 'wagmi'
import { checkOptions } from '../src/client/checkOptions'
import { createLatchkeyClient } from '../src/client/createLatchkeyClient'
import { isConnected } from '../src/client/isConnected'
import type { LatchkeyClient } from '../src/client/types'
import type { LatchkeyOptions } from '../src/schemas/options'
import type { SiwxOption } from '../src/schemas/siwxOption'
import {
  LatchkeyContext,
  type LatchkeyContextValue,
  type ModalChunk,
  type SiwxController,
} from './context/LatchkeyContext'
import { isMobileViewport } from './isMobileViewport'
import { ModalShell } from './ModalShell'
import { pickNamespace } from './pickNamespace'
import { preloadModal } from './preloadModal'
import { resolveShellOptions } from './resolveShellOptions'
import { useConnection } from './useConnection'
import { useEmbeddedApprovalWatcher } from './useEmbeddedApprovalWatcher'
import { useUnsupportedChainWatcher } from './useUnsupportedChainWatcher'

/** Props of {@link LatchkeyProvider}. */
export interface LatchkeyProviderProps {
  /** Latchkey options (SPEC §1, §9); keep the object stable between renders. @default {} */
  options?: LatchkeyOptions | undefined
  children?: ReactNode
}

const noOptions: LatchkeyOptions = {}

/**
 * Provides Latchkey's state to the button, modal and hooks; goes inside `WagmiProvider` and
 * `QueryClientProvider`. The state lives in a framework-free client (`createLatchkeyClient`);
 * this component binds it to React. Options are validated when the modal chunk loads (first open,
 * preload, or once the page is idle) and, in development builds, right after mount: invalid ones
 * throw an `OptionsValidationError` into React (an error boundary sees it).
 * @example <LatchkeyProvider options={{ themeMode: 'dark' }}><ConnectButton /></LatchkeyProvider>
 */
export function LatchkeyProvider({ options: input = noOptions, children }: LatchkeyProviderProps) {
  const config = useConfig()
  const [client] = useState((): LatchkeyClient<ModalChunk, SiwxController> => {
    const created: LatchkeyClient<ModalChunk, SiwxController> = createLatchkeyClient({
      config,
      options: input,
      // With `siwx`, sign-in's own chunk comes with the modal's, as one load that fails or
      // succeeds whole; without it, sign-in's code is never fetched.
      loadChunk: (): Promise<ModalChunk> =>
        preloadModal().then((chunk) =>
          created.options?.siwx ? chunk.loadSiwxHost().then(() => chunk) : chunk,
        ),
      isMobile: isMobileViewport,
    })
    return created
  })
  client.setOptions(input)
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState)
  if (state.failure) throw state.failure.error
  // Throws OptionsValidationError during render once the chunk is there.
  const parts = client.getParts()
  const shell = useMemo(() => resolveShellOptions(input), [input])

  // Development builds validate at mount, so a wrong option fails before anyone opens the
  // modal; production builds leave the check (optionsGuard) to the modal chunk.
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production') checkOptions(client, input)
  }, [client, input])
  // A tap then finds the modal ready; idle comes after the page's own startup.
  useEffect(() => client.preloadWhenIdle(), [client])
  useEffect(() => () => client.destroy(), [client])

  // Sign-in (SPEC §4): without `siwx` nothing of it runs. With it, the chunk's SiwxHost (rendered
  // below once sign-in started: on connect or the first `useSiwx().signIn()`) runs the controller.
  const siwxOption = input?.siwx as SiwxOption | undefined
  const connected = isConnected(useConnection())
  const solanaConnected = state.solana?.status === 'connected' && state.solana.address !== undefined
  useEffect(() => {
    if (siwxOption && (connected || solanaConnected)) client.startSignIn().catch(() => {})
  }, [client, siwxOption, connected, solanaConnected])

  const value = useMemo<LatchkeyContextValue>(
    () => ({
      modal: client.modal,
      router: client.router,
      input,
      shell,
      parts,
      loadParts: client.loadParts,
      openModal: client.open,
      closeModal: client.close,
      registerHostModal: client.registerHostModal,
      siwx: state.signIn,
      loadSiwx: client.startSignIn,
      namespace: pickNamespace(state.namespace, connected, solanaConnected),
      setNamespace: client.setNamespace,
      solana: state.solana,
      setSolana: client.setSolana,
    }),
    [
      client,
      input,
      shell,
      parts,
      state.signIn,
      state.namespace,
      state.solana,
      connected,
      solanaConnected,
    ],
  )
  useUnsupportedChainWatcher(value)
  useEmbeddedApprovalWatcher(value)

  // set only once sign-in started, which needs `siwx`
  const SiwxHost = state.signInChunk?.SiwxHost
  return (
    <LatchkeyContext.Provider value={value}>
      {children}
      {SiwxHost && siwxOption && (
        <SiwxHost
          option={siwxOption}
          config={config}
          modal={client.modal}
          router={client.router}
          parts={parts}
          onInvalid={client.fail}
          onController={client.setSignIn}
          getClientState={client.getState}
          subscribeClient={client.subscribe}
        />
      )}
      {!shell.enableEmbedded && state.hostModals === 0 && <ModalShell />}
    </LatchkeyContext.Provider>
  )
}
