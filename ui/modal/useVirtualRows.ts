import type { RefObject } from 'react'
import { useScrollWindow } from './useScrollWindow'

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
  const { scrollTop, height } = useScrollWindow(viewport, fallbackHeight)
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const end = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan)
  return { start, end, totalHeight: count * rowHeight, scrollTop }
}
