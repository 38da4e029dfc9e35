import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { useScrollWindow } from '../useScrollWindow'

/** Props of {@link VirtualStack}. */
export interface VirtualStackProps {
  count: number
  /** Height of item `index` in px, gap included (kept in step with styles.css). */
  heightOf(index: number): number
  /** Key of item `index`. */
  keyOf(index: number): string
  renderItem(index: number): ReactNode
  /** Tallest the box grows before it scrolls, in px. */
  maxHeight: number
  /** Extra px rendered above and below the visible part. @default 240 */
  overscan?: number | undefined
  label?: string | undefined
  testId?: string | undefined
}

/** First index whose bottom edge is below `y` (offsets ascending, `offsets.length === count + 1`). */
function firstBelow(offsets: readonly number[], y: number): number {
  let low = 0
  let high = offsets.length - 2
  while (low < high) {
    const middle = (low + high) >> 1
    if ((offsets[middle + 1] ?? 0) > y) high = middle
    else low = middle + 1
  }
  return Math.max(0, low)
}

/**
 * A list that renders only the items in view (plus `overscan`): 1,000 rows cost what a screenful
 * costs. The box is as tall as its content up to `maxHeight`, then it scrolls.
 */
export function VirtualStack({
  count,
  heightOf,
  keyOf,
  renderItem,
  maxHeight,
  overscan = 240,
  label,
  testId,
}: VirtualStackProps) {
  const viewport = useRef<HTMLDivElement>(null)
  const offsets = useMemo(() => {
    const list = [0]
    let total = 0
    for (let index = 0; index < count; index++) {
      total += heightOf(index)
      list.push(total)
    }
    return list
  }, [count, heightOf])
  const total = offsets[count] ?? 0
  const { scrollTop, height } = useScrollWindow(viewport, Math.min(total, maxHeight))
  // the first frame renders only what is in view; the overscan follows on the next frame
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    if (painted || typeof requestAnimationFrame !== 'function') return
    const frame = requestAnimationFrame(() => setPainted(true))
    return () => cancelAnimationFrame(frame)
  }, [painted])
  const extra = painted || typeof requestAnimationFrame !== 'function' ? overscan : 0
  const start = count ? firstBelow(offsets, scrollTop - extra) : 0
  const bottom = scrollTop + height + extra
  const items: ReactNode[] = []
  for (let index = start; index < count && (offsets[index] ?? 0) < bottom; index++)
    items.push(
      <li
        key={keyOf(index)}
        style={{ top: offsets[index], height: heightOf(index) }}
        data-lk-virtual-item=""
      >
        {renderItem(index)}
      </li>,
    )
  return (
    <div
      ref={viewport}
      data-lk-account-scroll=""
      data-scrolls={total > maxHeight || undefined}
      style={{ height: Math.min(total, maxHeight) }}
    >
      <ul aria-label={label} data-testid={testId} style={{ height: total }}>
        {items}
      </ul>
    </div>
  )
}
