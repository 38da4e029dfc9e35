import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import type { ModalState } from '../src/machines/modal'
import { useLatchkeyContext } from './context/useLatchkeyContext'
import { useStoreState } from './context/useStoreState'
import { ModalLoader } from './ModalLoader'
import { themeVariablesToStyle } from './theme/themeVariablesToStyle'

/** Props of the modal shell (the public `ConnectModal` props). */
export interface ModalShellProps {
  /** Controlled open state; leave undefined to let `useModal()` drive the modal. */
  open?: boolean | undefined
  /** Called when the modal asks to open or close (Escape, overlay, close button, `useModal`). */
  onOpenChange?: ((open: boolean) => void) | undefined
}

const selectOpen = (state: ModalState) => state.open

/**
 * Keeps the open state (controlled or from the store) and loads the modal chunk on first open.
 * Not `React.lazy` + `<Suspense>`: React 19 holds back a Suspense boundary's content for up to
 * 300 ms after its fallback showed, which alone would blow the 50 ms cold-open budget. The chunk
 * is imported here, the loader shows meanwhile, and the loaded component renders directly.
 */
export function ModalShell({ open, onOpenChange }: ModalShellProps) {
  const { modal, shell, openModal, parts, loadParts } = useLatchkeyContext()
  const storeOpen = useStoreState(modal, selectOpen)
  const embedded = shell.enableEmbedded
  const controlled = open !== undefined
  const isOpen = embedded || (controlled ? open : storeOpen)

  useEffect(() => {
    if (!isOpen || parts) return
    let current = true
    // ChunkLoadError (offline, new deploy): close rather than leave a loader spinning
    loadParts().catch(() => {
      if (current) modal.close()
    })
    return () => {
      current = false
    }
  }, [isOpen, parts, loadParts, modal])

  // controlled → store, so useModal().isOpen and the router follow the prop
  useEffect(() => {
    if (!controlled) return
    const now = modal.getState().open
    if (open && !now) openModal()
    else if (!open && now) modal.close()
  }, [controlled, open, modal, openModal])

  // store → host: report open/close requests made inside the modal or through useModal()
  const reported = useRef(storeOpen)
  const onOpenChangeRef = useRef(onOpenChange)
  onOpenChangeRef.current = onOpenChange
  useEffect(() => {
    if (reported.current === storeOpen) return
    reported.current = storeOpen
    if (storeOpen !== open) onOpenChangeRef.current?.(storeOpen)
  }, [storeOpen, open])

  if (parts) {
    const root = <parts.chunk.Root open={isOpen} embedded={embedded} />
    // Into the body, but embedded. The portal is the shell's: the first bundle has react-dom
    // anyway, and the modal chunk importing it too split react-dom's entry out of the app's.
    return embedded || typeof document === 'undefined' ? root : createPortal(root, document.body)
  }
  if (!isOpen || embedded) return null
  return <ModalLoader theme={shell.themeMode} style={themeVariablesToStyle(shell.themeVariables)} />
}
