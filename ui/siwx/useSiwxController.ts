import { useCallback, useEffect, useRef, useState } from 'react'
import type { Config } from 'wagmi'
import { useConnection } from 'wagmi'
import type { LatchkeyOptions } from '../../src/schemas/options'
import type { SiwxOption } from '../../src/schemas/siwxOption'
import type { ModalStore } from '../../src/stores/createModalStore'
import type { RouterStore } from '../../src/stores/createRouterStore'
import type { ModalCore } from '../context/LatchkeyContext'
import { preloadModal } from '../preloadModal'
import type { SiwxController } from './createSiwxController'

/** Parameters of {@link useSiwxController}. */
export interface UseSiwxControllerParameters {
  input: LatchkeyOptions
  config: Config
  router: RouterStore
  modal: ModalStore
  core: ModalCore | null
  /** An invalid `siwx` option: the provider throws it into React. */
  onInvalid(invalid: { error: unknown }): void
}

/** What {@link useSiwxController} gives the provider. */
export interface UseSiwxControllerReturnType {
  controller: SiwxController | null
  /** Loads the sign-in chunk and creates the controller (null without the `siwx` option). */
  load(): Promise<SiwxController | null>
  /** True when sign-in took the close request (refused it, or cancelled the prompt). */
  interceptClose(): boolean
}

/**
 * The provider's sign-in part. Only this hook is in the first bundle: the store, the wagmi
 * wiring and the view come with the modal chunk, loaded once a wallet is connected and `siwx` is
 * set (a connect needs a click anyway), or on the first `useSiwx().signIn()`.
 */
export function useSiwxController(
  parameters: UseSiwxControllerParameters,
): UseSiwxControllerReturnType {
  const { input, config, router, modal, core, onInvalid } = parameters
  const option = input?.siwx as SiwxOption | undefined
  const { status } = useConnection()
  const [loaded, setLoaded] = useState<SiwxController | null>(null)
  const held = useRef<{ option: SiwxOption; promise: Promise<SiwxController> } | null>(null)
  const coreRef = useRef(core)
  coreRef.current = core
  const controller = loaded && loaded.option === option ? loaded : null
  const controllerRef = useRef(controller)
  controllerRef.current = controller

  const load = useCallback((): Promise<SiwxController | null> => {
    if (!option) return Promise.resolve(null)
    if (held.current?.option === option) return held.current.promise
    const promise = preloadModal().then(
      ({ createSiwxController }) => {
        try {
          const created = createSiwxController({
            option,
            config,
            router,
            modal,
            getCore: () => coreRef.current,
          })
          if (held.current?.promise === promise) setLoaded(created)
          return created
        } catch (error) {
          onInvalid({ error })
          throw error
        }
      },
      (error: unknown) => {
        // ChunkLoadError (offline, new deploy): try again on the next connect
        if (held.current?.promise === promise) held.current = null
        throw error
      },
    )
    held.current = { option, promise }
    return promise
  }, [option, config, router, modal, onInvalid])

  useEffect(() => {
    if (option && status === 'connected') load().catch(() => {})
  }, [option, status, load])

  useEffect(() => controller?.start(), [controller])

  const interceptClose = useCallback(() => controllerRef.current?.interceptClose() ?? false, [])
  return { controller, load, interceptClose }
}
