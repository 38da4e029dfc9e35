import { m, useReducedMotion } from 'motion/react'
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { transition, viewDuration } from './motionPresets'

/** Props of {@link AnimatedHeight}. */
export interface AnimatedHeightProps {
  children: ReactNode
}

/** Animates its height to the content's height (SPEC §9: modal height 150 ms). */
export function AnimatedHeight({ children }: AnimatedHeightProps) {
  const inner = useRef<HTMLDivElement>(null)
  const [height, setHeight] = useState<number | 'auto'>('auto')
  const reduced = useReducedMotion()

  useLayoutEffect(() => {
    const element = inner.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.borderBoxSize?.[0]
      setHeight(box ? box.blockSize : element.offsetHeight)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return (
    <m.div
      data-lk-body=""
      initial={false}
      animate={{ height }}
      transition={transition(viewDuration, reduced)}
    >
      <div ref={inner} data-lk-body-inner="">
        {children}
      </div>
    </m.div>
  )
}
