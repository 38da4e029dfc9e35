import { type RefObject, useLayoutEffect, useState } from 'react'

/**
 * The scroll position and height of a scroll box, kept in state: what a virtual list needs to
 * render only the visible rows (`useVirtualRows` for fixed heights, the account's `VirtualStack`
 * for varied ones).
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
    // The observer reports the first size once the browser laid the list out for its own frame:
    // reading clientHeight here would force that layout in the middle of the commit.
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
