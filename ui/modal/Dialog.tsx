import { m, useIsPresent, useReducedMotion } from 'motion/react'
import { useId, useRef } from 'react'
import { getCurrentRoute, type RouterState } from '../../src/machines/router'
import { useLatchkeyContext } from '../hooks/useLatchkeyContext'
import { useModalCore } from '../hooks/useModalCore'
import { useStoreState } from '../hooks/useStoreState'
import { themeVariablesToStyle } from '../theme/themeVariablesToStyle'
import { Header } from './Header'
import { transition } from './motionPresets'
import { Toasts } from './Toasts'
import { useDialogFocus } from './useDialogFocus'
import { ViewStack } from './ViewStack'

/** Props of {@link Dialog}. */
export interface DialogProps {
  embedded: boolean
}

const selectRoute = (state: RouterState) => getCurrentRoute(state)

/** The dialog (SPEC §2, STYLE 16): overlay, header, animated view stack and toasts. */
export function Dialog({ embedded }: DialogProps) {
  const { router, closeModal } = useLatchkeyContext()
  const { options } = useModalCore()
  const route = useStoreState(router, selectRoute)
  const present = useIsPresent()
  const reduced = useReducedMotion()
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  useDialogFocus({ dialog, present, modal: !embedded, onEscape: closeModal })

  const theme = options.themeMode
  const style = themeVariablesToStyle(options.themeVariables)
  const panel = (
    <m.div
      ref={dialog}
      data-latchkey=""
      data-theme={theme}
      data-view={route.view}
      data-state={present ? 'open' : 'closed'}
      data-embedded={embedded || undefined}
      role="dialog"
      aria-modal={embedded ? undefined : true}
      aria-labelledby={titleId}
      tabIndex={-1}
      style={style}
      initial={embedded ? false : { opacity: 0, y: 12, scale: 0.98 }}
      animate={{ opacity: 1, y: 0, scale: 1 }}
      exit={{ opacity: 0, y: 12, scale: 0.98 }}
      transition={transition(0.15, reduced)}
    >
      <Header titleId={titleId} route={route} />
      <ViewStack
        route={route}
        onViewLeft={() => {
          const root = dialog.current
          if (!embedded && root && !root.contains(document.activeElement)) root.focus()
        }}
      />
      <Toasts />
    </m.div>
  )
  if (embedded) return panel
  return (
    <m.div
      data-lk-overlay=""
      data-theme={theme}
      style={style}
      initial={{ opacity: 0 }}
      animate={{ opacity: 1 }}
      exit={{ opacity: 0 }}
      transition={transition(0.15, reduced)}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) closeModal()
      }}
    >
      {panel}
    </m.div>
  )
}
