import { type ComponentType, useLayoutEffect, useRef, useState } from 'react'
import type { RouteEntry, RouterState, ViewName } from '../../src/machines/router'
import { useLatchkeyContext } from '../context/useLatchkeyContext'
import { useStoreState } from '../context/useStoreState'
import { AnimatedHeight } from './AnimatedHeight'
import { canAnimate, play, usePrefersReducedMotion, viewDuration } from './motionPresets'
import type { ViewProps } from './ViewProps'
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
const shownFrames = { opacity: '1', transform: 'none' }

/**
 * The current view, sliding in from the direction of the last navigation (next → right). One view
 * at a time: the old one fades and slides out (75 ms), then the new one in (150 ms); under reduced
 * motion the new view replaces the old at once.
 */
export function ViewStack({ route, onViewLeft }: ViewStackProps) {
  const { router } = useLatchkeyContext()
  const direction = useStoreState(router, selectTransition) === 'next' ? 1 : -1
  const depth = useStoreState(router, selectDepth)
  const reduced = usePrefersReducedMotion()
  const animated = !reduced && canAnimate()
  const key = `${depth}:${route.view}`

  // the entry on screen; it lags behind `route` only while it animates out
  const [shown, setShown] = useState({ key, route })
  if (shown.key === key ? shown.route.data !== route.data : !animated) setShown({ key, route })
  const leaving = shown.key !== key
  const entry = leaving ? shown.route : route

  const element = useRef<HTMLDivElement>(null)
  const latest = useRef({ key, route, direction, reduced, onViewLeft })
  const mounted = useRef<string | undefined>(undefined)
  const wasLeaving = useRef(false)
  useLayoutEffect(() => {
    latest.current = { key, route, direction, reduced, onViewLeft }
  })

  useLayoutEffect(() => {
    const target = element.current
    const { direction, reduced } = latest.current
    if (leaving) {
      wasLeaving.current = true
      let current = true
      const left = play(
        target,
        { opacity: '0', transform: `translateX(${direction * -offset}px)` },
        viewDuration / 2,
        reduced,
      )
      const next = () => {
        if (current) setShown({ key: latest.current.key, route: latest.current.route })
      }
      if (left) left.then(next)
      else next()
      return () => {
        current = false
      }
    }
    const cameBack = wasLeaving.current
    wasLeaving.current = false
    if (mounted.current === undefined) {
      mounted.current = shown.key // the first view shows as it is (the dialog animates in)
    } else if (mounted.current !== shown.key) {
      mounted.current = shown.key
      play(
        target,
        { opacity: ['0', '1'], transform: [`translateX(${direction * offset}px)`, 'none'] },
        viewDuration,
        reduced,
      )
      latest.current.onViewLeft?.()
    } else if (cameBack) {
      play(target, shownFrames, viewDuration, reduced) // navigated back before it had gone
    }
  }, [leaving, shown.key])

  return (
    <AnimatedHeight>
      <div key={shown.key} ref={element} data-lk-view="">
        <RouteView view={entry.view} data={entry.data} />
      </div>
    </AnimatedHeight>
  )
}

/** The component of `view` with its data; an unknown view (from plain JavaScript) shows Connect. */
function RouteView<V extends ViewName>({ view, data }: { view: V } & ViewProps<V>) {
  const View: ComponentType<ViewProps<V>> | undefined = views[view]
  if (!View) return <views.Connect />
  return <View data={data} />
}
