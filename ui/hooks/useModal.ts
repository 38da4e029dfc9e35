import { useMemo, useRef, useSyncExternalStore } from 'react'
import { getCurrentRoute, type RouterState, type ViewName } from '../../src/machines/router'
import type { OpenModalArgs } from '../context/LatchkeyContext'
import { useLatchkeyContext } from '../context/useLatchkeyContext'

/** What {@link useModal} returns. */
export interface UseModalReturnType {
  /** Opens the modal on `view` (or the start view: Account when connected, else Connect). */
  open(args?: OpenModalArgs): void
  close(): void
  isOpen: boolean
  /** The view on top of the stack. */
  view: ViewName
}

/**
 * Opens and closes the modal, and tells whether it is open and on which view. A component renders
 * again only for the fields it reads (as TanStack Query's tracked results): one that takes `open`
 * alone does not render when the modal opens, closes or changes view.
 * @example const { open } = useModal(); open({ view: 'Networks' })
 */
export function useModal(): UseModalReturnType {
  const { modal, router, openModal, closeModal } = useLatchkeyContext()
  const tracked = useRef({ isOpen: false, view: false })
  const store = useMemo(() => {
    // what this component read, as one comparable value: a change elsewhere is not a change
    const snapshot = (open: boolean, route: RouterState) =>
      `${tracked.current.isOpen && open}|${tracked.current.view ? getCurrentRoute(route).view : ''}`
    return {
      subscribe(onChange: () => void) {
        const offModal = modal.subscribe(onChange)
        const offRouter = router.subscribe(onChange)
        return () => {
          offModal()
          offRouter()
        }
      },
      get: () => snapshot(modal.getState().open, router.getState()),
      getServer: () => snapshot(modal.getInitialState().open, router.getInitialState()),
    }
  }, [modal, router])
  useSyncExternalStore(store.subscribe, store.get, store.getServer)
  return {
    open: openModal,
    close: closeModal,
    get isOpen() {
      tracked.current.isOpen = true
      return modal.getState().open
    },
    get view() {
      tracked.current.view = true
      return getCurrentRoute(router.getState()).view
    },
  }
}
