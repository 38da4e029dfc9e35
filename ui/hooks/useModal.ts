import { getCurrentRoute, type ViewName } from '../../src/machines/router'
import type { OpenModalArgs } from '../context/LatchkeyContext'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useStoreState } from '../context/useStoreState'

/** What {@link useModal} returns. */
export interface UseModalReturnType {
  /** Opens the modal on `view` (or the start view: Account when connected, else Connect). */
  open(args?: OpenModalArgs): void
  close(): void
  isOpen: boolean
  /** The view on top of the stack. */
  view: ViewName
}

const selectOpen = (state: { open: boolean }) => state.open
const selectView = (state: Parameters<typeof getCurrentRoute>[0]) => getCurrentRoute(state).view

/** Opens and closes the modal. @example const { open } = useModal(); open({ view: 'Networks' }) */
export function useModal(): UseModalReturnType {
  const { modal, router, openModal, closeModal } = useLatchkeyContext()
  const isOpen = useStoreState(modal, selectOpen)
  const view = useStoreState(router, selectView)
  return { open: openModal, close: closeModal, isOpen, view }
}
