import { type RefObject, useLayoutEffect, useState } from 'react'

/** Parameters of {@link useVirtualRows}. */
export interface UseVirtualRowsParameters {
  viewport: RefObject<HTMLElement | null>
  count: number
  rowHeight: number
  /** Rows rendered above and below the visible ones. @default 4 */
  overscan?: number | undefined
  /** Used until the viewport can be measured (SSR, test DOMs). @default 400 */
  fallbackHeight?: number | undefined
}

/** Which rows of a fixed-row-height list are visible: render only those (plus overscan). */
export function useVirtualRows({
  viewport,
  count,
  rowHeight,
  overscan = 4,
  fallbackHeight = 400,
}: UseVirtualRowsParameters) {
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

  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const end = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan)
  return { start, end, totalHeight: count * rowHeight, scrollTop }
}
