import { useEffect, useRef } from 'react'
import type { Config } from 'wagmi'
import type { SiwxOption } from '../../src/schemas/siwxOption'
import type { ModalStore } from '../../src/stores/createModalStore'
import type { RouterStore } from '../../src/stores/createRouterStore'
import type { ModalCore } from '../context/LatchkeyContext'
import { createSiwxController, type SiwxController } from './createSiwxController'

/** Props of {@link SiwxHost}. */
export interface SiwxHostProps {
  option: SiwxOption
  config: Config
  router: RouterStore
  modal: ModalStore
  core: ModalCore | null
  /** An invalid `siwx` option: the provider throws it into React. */
  onInvalid(invalid: { error: unknown }): void
  /** Hands the running controller up to the provider (null once it stopped). */
  onController(controller: SiwxController | null): void
}

/**
 * The provider's sign-in part, shipped with the modal chunk: the provider renders it once a wallet
 * connected with `siwx` set (or on the first `useSiwx().signIn()`). It creates the controller for
 * the option, starts it, and hands it up; apps without `siwx` never load or run any of it.
 */
export function SiwxHost(props: SiwxHostProps): null {
  const { option, config, router, modal, core, onInvalid, onController } = props
  const coreRef = useRef(core)
  coreRef.current = core
  useEffect(() => {
    let controller: SiwxController
    try {
      controller = createSiwxController({
        option,
        config,
        router,
        modal,
        getCore: () => coreRef.current,
      })
    } catch (error) {
      onInvalid({ error })
      return
    }
    const stop = controller.start()
    onController(controller)
    return () => {
      stop()
      onController(null)
    }
  }, [option, config, router, modal, onInvalid, onController])
  return null
}
