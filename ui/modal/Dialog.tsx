import { useId, useRef } from 'react'
import { getCurrentRoute, type RouterState } from '../../src/machines/router'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useModalParts } from '../context/useModalParts'
import { useStoreState } from '../context/useStoreState'
import { themeVariablesToStyle } from '../theme/themeVariablesToStyle'
import { Header } from './Header'
import { type Frames, play, usePrefersReducedMotion } from './motionPresets'
import { Toasts } from './Toasts'
import { useDialogFocus } from './useDialogFocus'
import { usePresence } from './usePresence'
import { ViewStack } from './ViewStack'

/** Props of {@link Dialog}. */
export interface DialogProps {
  embedded: boolean
  /** False while the dialog animates out (`data-state="closed"`); true again on a reopen. */
  present: boolean
  /** Called once the exit animation has ended (at once under reduced motion): unmount then. */
  onExited(): void
}

const selectRoute = (state: RouterState) => getCurrentRoute(state)
const duration = 0.15
const panelHidden = { opacity: '0', transform: 'translateY(12px) scale(0.98)' }
const panelShown = { opacity: '1', transform: 'none' }

function both(...runs: (Promise<unknown> | undefined)[]): Promise<unknown> | undefined {
  const running = runs.filter((run) => run !== undefined)
  return running.length ? Promise.all(running) : undefined
}

function from(hidden: Record<string, string>, shown: Record<string, string>): Frames {
  const frames: Frames = {}
  for (const name in shown) frames[name] = [hidden[name] as string, shown[name] as string]
  return frames
}

/** The dialog (SPEC §2, STYLE 16): overlay, header, animated view stack and toasts. */
export function Dialog({ embedded, present, onExited }: DialogProps) {
  const { router, closeModal } = useLatchkeyContext()
  const { options } = useModalParts()
  const route = useStoreState(router, selectRoute)
  const reduced = usePrefersReducedMotion()
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  const overlay = useRef<HTMLDivElement>(null)

  // enter (embedded: shown as it is), exit, and a reopen caught mid-exit (from where it is)
  usePresence(
    {
      present,
      enter(first) {
        if (first && embedded) return
        play(dialog.current, first ? from(panelHidden, panelShown) : panelShown, duration, reduced)
        play(overlay.current, { opacity: first ? ['0', '1'] : '1' }, duration, reduced)
      },
      exit: () =>
        both(
          play(dialog.current, panelHidden, duration, reduced),
          play(overlay.current, { opacity: '0' }, duration, reduced),
        ),
      onExited,
    },
    [embedded, reduced],
  )
  // after the entrance started: focusing lays the dialog out once, with its animation in place
  useDialogFocus({ dialog, present, modal: !embedded, onEscape: closeModal })

  const theme = options.themeMode
  const style = themeVariablesToStyle(options.themeVariables)
  const panel = (
    <div
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
    </div>
  )
  if (embedded) return panel
  return (
    <div
      ref={overlay}
      data-lk-overlay=""
      data-theme={theme}
      style={style}
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) closeModal()
      }}
    >
      {panel}
    </div>
  )
}
