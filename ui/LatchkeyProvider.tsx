import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useConfig } from 'wagmi'
import { getStartView } from '../src/machines/router'
import type { LatchkeyOptions } from '../src/schemas/options'
import type { SiwxOption } from '../src/schemas/siwxOption'
import type { LatchkeyStorage } from '../src/storage/createStorage'
import { createModalStore } from '../src/stores/createModalStore'
import { createRouterStore } from '../src/stores/createRouterStore'
import type { ToastStore } from '../src/stores/createToastStore'
import {
  LatchkeyContext,
  type LatchkeyContextValue,
  type ModalChunk,
  type ModalCore,
  type OpenModalArgs,
  type SiwxController,
} from './context/LatchkeyContext'
import { isMobileViewport } from './isMobileViewport'
import { ModalShell } from './ModalShell'
import { preloadModal } from './preloadModal'
import { resolveShellOptions } from './resolveShellOptions'
import { useEmbeddedApprovalWatcher } from './useEmbeddedApprovalWatcher'
import { useUnsupportedChainWatcher } from './useUnsupportedChainWatcher'
import { useConnection } from './wagmiCompat'

/** Props of {@link LatchkeyProvider}. */
export interface LatchkeyProviderProps {
  /** Latchkey options (SPEC §1, §9); keep the object stable between renders. @default {} */
  options?: LatchkeyOptions | undefined
  children?: ReactNode
}

interface LoadedChunk {
  chunk: ModalChunk
  storage: LatchkeyStorage
  toast: ToastStore
}

const noOptions: LatchkeyOptions = {}

/**
 * Provides Latchkey's state to the button, modal and hooks; goes inside `WagmiProvider` and
 * `QueryClientProvider`. Options are validated when the modal chunk loads (first open or
 * preload) and, in development builds, right after mount: invalid ones throw an
 * `OptionsValidationError` into React (an error boundary sees it).
 * @example <LatchkeyProvider options={{ themeMode: 'dark' }}><ConnectButton /></LatchkeyProvider>
 */
export function LatchkeyProvider({ options: input = noOptions, children }: LatchkeyProviderProps) {
  const config = useConfig()
  const shell = useMemo(() => resolveShellOptions(input), [input])
  const [hostModals, setHostModals] = useState(0)
  const [loaded, setLoaded] = useState<LoadedChunk | null>(null)
  const [invalid, setInvalid] = useState<{ error: unknown } | null>(null)
  if (invalid) throw invalid.error

  const [stores] = useState(() => {
    const modal = createModalStore()
    const router = createRouterStore({
      onClose: () => modal.close(),
      embedded: shell.enableEmbedded,
      isConnected: () => config.state.status === 'connected',
    })
    return { modal, router }
  })

  // Development builds validate at mount, so a wrong option fails before anyone opens the
  // modal; production builds leave the schema (zod) to the modal chunk.
  useEffect(() => {
    if (process.env.NODE_ENV === 'production') return
    let current = true
    import('../src/schemas/options').then(
      ({ parseOptions }) => {
        try {
          parseOptions(input)
        } catch (error) {
          if (current) setInvalid({ error })
        }
      },
      () => {},
    )
    return () => {
      current = false
    }
  }, [input])

  const loadCore = useCallback(
    () =>
      preloadModal().then((chunk) => {
        chunk.watchProviderImitation()
        setLoaded(
          (current) =>
            current ?? { chunk, storage: chunk.createStorage(), toast: chunk.createToastStore() },
        )
      }),
    [],
  )

  // Validation proper: throws OptionsValidationError during render once the chunk is there.
  const options = useMemo(() => (loaded ? loaded.chunk.parseOptions(input) : null), [loaded, input])
  const core = useMemo<ModalCore | null>(
    () => (loaded && options ? { ...loaded, options } : null),
    [loaded, options],
  )

  useEffect(() => () => stores.modal.destroy(), [stores])
  useEffect(() => () => loaded?.toast.destroy(), [loaded])

  const openModal = useCallback(
    (args: OpenModalArgs = {}) => {
      const start = getStartView({
        manualWCControl: shell.manualWCControl,
        hasAdapters: true,
        isConnected: config.state.status === 'connected',
        isMobile: isMobileViewport(),
        requested: args.view === undefined ? undefined : args,
      })
      stores.router.reset(start.view, start.data)
      stores.modal.open()
    },
    [config, shell, stores],
  )

  // Sign-in (SPEC §4): without `siwx` nothing of it runs (no controller; closing is never taken).
  // With it, the modal chunk's SiwxHost (rendered below once the chunk is there: on connect or the
  // first `useSiwx().signIn()`) creates and runs the controller and hands it up here.
  const siwxOption = input?.siwx as SiwxOption | undefined
  const { status } = useConnection()
  const [siwxChunk, setSiwxChunk] = useState<ModalChunk | null>(null)
  const [siwxController, setSiwxController] = useState<SiwxController | null>(null)
  const siwxRef = useRef(siwxController)
  const siwxWaiting = useRef<((controller: SiwxController) => void)[]>([])
  const onSiwxController = useCallback((controller: SiwxController | null) => {
    siwxRef.current = controller
    setSiwxController(controller)
    if (controller) for (const resolve of siwxWaiting.current.splice(0)) resolve(controller)
  }, [])
  const loadSiwx = useCallback((): Promise<SiwxController | null> => {
    if (!siwxOption) return Promise.resolve(null)
    if (siwxRef.current) return Promise.resolve(siwxRef.current)
    return new Promise((resolve, reject) => {
      siwxWaiting.current.push(resolve)
      // ChunkLoadError (offline, new deploy): rejects; the next connect or signIn tries again
      preloadModal().then(setSiwxChunk, reject)
    })
  }, [siwxOption])
  useEffect(() => {
    if (siwxOption && status === 'connected') loadSiwx().catch(() => {})
  }, [siwxOption, status, loadSiwx])

  // Sign-in may refuse a close (required, no session) or take it as a cancel of its prompt.
  const closeModal = useCallback(() => {
    if (!siwxRef.current?.interceptClose()) stores.router.close()
  }, [stores])

  const registerHostModal = useCallback(() => {
    setHostModals((n) => n + 1)
    return () => setHostModals((n) => n - 1)
  }, [])

  const value = useMemo<LatchkeyContextValue>(
    () => ({
      ...stores,
      input,
      shell,
      core,
      loadCore,
      openModal,
      closeModal,
      registerHostModal,
      siwx: siwxController,
      loadSiwx,
    }),
    [
      stores,
      input,
      shell,
      core,
      loadCore,
      openModal,
      closeModal,
      registerHostModal,
      siwxController,
      loadSiwx,
    ],
  )
  useUnsupportedChainWatcher(value)
  useEmbeddedApprovalWatcher(value)

  return (
    <LatchkeyContext.Provider value={value}>
      {children}
      {siwxOption && siwxChunk && (
        <siwxChunk.SiwxHost
          option={siwxOption}
          config={config}
          {...stores}
          core={core}
          onInvalid={setInvalid}
          onController={onSiwxController}
        />
      )}
      {!shell.enableEmbedded && hostModals === 0 && <ModalShell />}
    </LatchkeyContext.Provider>
  )
}
