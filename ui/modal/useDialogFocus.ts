import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'
import { getFocusable } from './getFocusable'

/** Parameters of {@link useDialogFocus}. */
export interface UseDialogFocusParameters {
  dialog: RefObject<HTMLElement | null>
  /** False while the dialog animates out: focus goes back to the opener at once. */
  present: boolean
  /** Trap focus and listen for Escape (off in embedded mode). */
  modal: boolean
  onEscape(): void
}

function isShownFrame(element: HTMLIFrameElement): boolean {
  return element.hasAttribute('data-latchkey-frame') && element.style.display !== 'none'
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

/**
 * Dialog focus management (WAI-ARIA dialog pattern): remembers the opener, focuses the dialog,
 * cycles Tab / Shift+Tab inside it, closes on Escape, and gives focus back to the opener on close.
 */
export function useDialogFocus({ dialog, present, modal, onEscape }: UseDialogFocusParameters) {
  const opener = useRef<HTMLElement | null>(null)
  const onEscapeRef = useRef(onEscape)
  onEscapeRef.current = onEscape

  // on open, and on a reopen that catches the dialog while it animates out (same instance)
  useIsomorphicLayoutEffect(() => {
    if (!modal || !present) return
    const active = document.activeElement
    if (!dialog.current?.contains(active))
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
    dialog.current?.focus({ preventScroll: true })
  }, [modal, present, dialog])

  useEffect(() => {
    if (!modal || present) return
    const target = opener.current
    opener.current = null
    if (target?.isConnected) target.focus({ preventScroll: true })
  }, [modal, present])

  useEffect(() => {
    if (!modal || !present) return
    const onKeyDown = (event: KeyboardEvent) => {
      const root = dialog.current
      if (!root) return
      if (event.key === 'Escape') {
        event.preventDefault()
        onEscapeRef.current()
        return
      }
      if (event.key !== 'Tab') return
      const focusable = getFocusable(root)
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      const active = document.activeElement
      if (!first || !last) {
        event.preventDefault()
        root.focus()
      } else if (
        event.shiftKey &&
        (active === first || active === root || !root.contains(active))
      ) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !root.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
    // focus that escapes (a click outside, a programmatic focus) is brought back; the embedded
    // wallet's iframe, while ApproveTransaction shows it over the dialog, counts as inside
    const onFocusIn = (event: FocusEvent) => {
      const root = dialog.current
      const target = event.target
      if (!root || !(target instanceof Node) || root.contains(target)) return
      if (target instanceof HTMLIFrameElement && isShownFrame(target)) return
      root.focus({ preventScroll: true })
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [modal, present, dialog])

  useEffect(
    () => () => {
      if (opener.current?.isConnected) opener.current.focus({ preventScroll: true })
    },
    [],
  )
}
