import { AnimatePresence, m, useReducedMotion } from 'motion/react'
import type { RouteEntry, RouterState } from '../../src/machines/router'
import { useLatchkeyContext } from '../hooks/useLatchkeyContext'
import { useStoreState } from '../hooks/useStoreState'
import { AnimatedHeight } from './AnimatedHeight'
import { transition, viewDuration } from './motionPresets'
import { views } from './views'

/** Props of {@link ViewStack}. */
export interface ViewStackProps {
  route: RouteEntry
  /** Called when the old view has left: focus on a removed element falls back to the dialog. */
  onViewLeft?: (() => void) | undefined
}

const selectTransition = (state: RouterState) => state.transition
const selectDepth = (state: RouterState) => state.history.length
const offset = 12

/** The current view, sliding in from the direction of the last navigation (next → right). */
export function ViewStack({ route, onViewLeft }: ViewStackProps) {
  const keepFocus = () => onViewLeft?.()
  const { router } = useLatchkeyContext()
  const direction = useStoreState(router, selectTransition) === 'next' ? 1 : -1
  const depth = useStoreState(router, selectDepth)
  const reduced = useReducedMotion()
  const View = views[route.view] ?? views.Connect
  return (
    <AnimatedHeight>
      <AnimatePresence mode="wait" initial={false} custom={direction} onExitComplete={keepFocus}>
        <m.div
          key={`${depth}:${route.view}`}
          data-lk-view=""
          custom={direction}
          initial={reduced ? false : { opacity: 0, x: direction * offset }}
          animate={{ opacity: 1, x: 0 }}
          exit={
            reduced
              ? { opacity: 0, transition: { duration: 0 } }
              : {
                  opacity: 0,
                  x: direction * -offset,
                  transition: transition(viewDuration / 2, reduced),
                }
          }
          transition={transition(viewDuration, reduced)}
        >
          <View data={route.data} />
        </m.div>
      </AnimatePresence>
    </AnimatedHeight>
  )
}
