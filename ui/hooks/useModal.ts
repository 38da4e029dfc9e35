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

interface ModalSnapshot {
  isOpen: boolean
  view: ViewName
}

type Tracked = Record<keyof ModalSnapshot, boolean>

const same = (a: ModalSnapshot, b: ModalSnapshot) => a.isOpen === b.isOpen && a.view === b.view

/**
 * Opens and closes the modal, and tells whether it is open and on which view. A component renders
 * again only for the fields it reads (as TanStack Query's tracked results): one that takes `open`
 * alone does not render when the modal opens, closes or changes view.
 * @example const { open } = useModal(); open({ view: 'Networks' })
 */
export function useModal(): UseModalReturnType {
  const { modal, router, openModal, closeModal } = useLatchkeyContext()
  const tracked = useRef<Tracked>({ isOpen: false, view: false })
  const source = useMemo(() => {
    const read = (state: { open: boolean }, route: RouterState): ModalSnapshot => ({
      isOpen: state.open,
      view: getCurrentRoute(route).view,
    })
    let current = read(modal.getState(), router.getState())
    let initial: ModalSnapshot | undefined
    return {
      getSnapshot() {
        const next = read(modal.getState(), router.getState())
        if (!same(next, current)) current = next
        return current
      },
      getServerSnapshot() {
        initial ??= read(modal.getInitialState(), router.getInitialState())
        return initial
      },
      subscribe(onChange: () => void) {
        let seen = read(modal.getState(), router.getState())
        const check = () => {
          const next = read(modal.getState(), router.getState())
          const changed =
            (tracked.current.isOpen && next.isOpen !== seen.isOpen) ||
            (tracked.current.view && next.view !== seen.view)
          seen = next
          if (changed) onChange()
        }
        const offModal = modal.subscribe(check)
        const offRouter = router.subscribe(check)
        return () => {
          offModal()
          offRouter()
        }
      },
    }
  }, [modal, router])
  const snapshot = useSyncExternalStore(
    source.subscribe,
    source.getSnapshot,
    source.getServerSnapshot,
  )
  return {
    open: openModal,
    close: closeModal,
    get isOpen() {
      tracked.current.isOpen = true
      return snapshot.isOpen
    },
    get view() {
      tracked.current.view = true
      return snapshot.view
    },
  }
}
