import { useEffect, useRef } from 'react'
import type { SiwxController, SiwxHostProps } from '../context/LatchkeyContext'
import { afterModal } from '../modal/lazy/afterModal'
import { createSiwxController } from './createSiwxController'

/**
 * The provider's sign-in part, shipped with the modal chunk: the provider renders it once a wallet
 * connected with `siwx` set (or on the first `useSiwx().signIn()`). It creates the controller for
 * the option, starts it, and hands it up; apps without `siwx` never load or run any of it.
 */
export const SiwxHost = afterModal(function SiwxHost(props: SiwxHostProps): null {
  const { option, config, router, modal, parts, onInvalid, onController } = props
  const { getClientState, subscribeClient } = props
  const partsRef = useRef(parts)
  partsRef.current = parts
  useEffect(() => {
    let controller: SiwxController
    try {
      controller = createSiwxController({
        option,
        config,
        router,
        modal,
        getParts: () => partsRef.current,
        getClientState,
        subscribeClient,
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
  }, [option, config, router, modal, onInvalid, onController, getClientState, subscribeClient])
  return null
})
