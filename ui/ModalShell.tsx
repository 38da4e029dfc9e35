import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { ModalState } from '../src/machines/modal'
import { useLatchkeyContext } from './hooks/useLatchkeyContext'
import { useStoreState } from './hooks/useStoreState'
import { ModalLoader } from './ModalLoader'
import { themeVariablesToStyle } from './theme/themeVariablesToStyle'

const ModalRoot = lazy(() => import('./modal/ModalRoot'))

/** Props of the modal shell (the public `ConnectModal` props). */
export interface ModalShellProps {
  /** Controlled open state; leave undefined to let `useModal()` drive the modal. */
  open?: boolean | undefined
  /** Called when the modal asks to open or close (Escape, overlay, close button, `useModal`). */
  onOpenChange?: ((open: boolean) => void) | undefined
}

const selectOpen = (state: ModalState) => state.open

/** Keeps open state (controlled or from the store) and lazy-loads the modal chunk on first open. */
export function ModalShell({ open, onOpenChange }: ModalShellProps) {
  const { modal, options, openModal } = useLatchkeyContext()
  const storeOpen = useStoreState(modal, selectOpen)
  const embedded = options.enableEmbedded
  const controlled = open !== undefined
  const isOpen = embedded || (controlled ? open : storeOpen)
  const [loaded, setLoaded] = useState(isOpen)
  if (isOpen && !loaded) setLoaded(true)

  // controlled → store, so useModal().isOpen and the router follow the prop
  useEffect(() => {
    if (!controlled) return
    const current = modal.getState().open
    if (open && !current) openModal()
    else if (!open && current) modal.close()
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

  if (!loaded) return null
  return (
    <Suspense
      fallback={
        isOpen && !embedded ? (
          <ModalLoader
            theme={options.themeMode}
            style={themeVariablesToStyle(options.themeVariables)}
          />
        ) : null
      }
    >
      <ModalRoot open={isOpen} embedded={embedded} />
    </Suspense>
  )
}
