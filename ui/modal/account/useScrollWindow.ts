import { type RefObject, useLayoutEffect, useState } from 'react'

/**
 * The scroll position and height of a scroll box, kept in state: what a list of rows of varied
 * heights needs to render only the visible ones (`useVirtualRows` is the fixed-height twin).
 */
export function useScrollWindow(
  viewport: RefObject<HTMLElement | null>,
  fallbackHeight: number,
): { scrollTop: number; height: number } {
  const [scrollTop, setScrollTop] = useState(0)
  const [height, setHeight] = useState(fallbackHeight)
  useLayoutEffect(() => {
    const element = viewport.current
    if (!element) return
    const onScroll = () => setScrollTop(element.scrollTop)
    const measure = () => setHeight(element.clientHeight || fallbackHeight)
    element.addEventListener('scroll', onScroll, { passive: true })
    // the observer reports the size once laid out: reading it here would force a layout mid-commit
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    if (observer) observer.observe(element)
    else measure()
    return () => {
      element.removeEventListener('scroll', onScroll)
      observer?.disconnect()
    }
  }, [viewport, fallbackHeight])
  return { scrollTop, height }
}
