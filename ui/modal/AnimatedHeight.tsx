import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { play, usePrefersReducedMotion, viewDuration } from './motionPresets'

/** Props of {@link AnimatedHeight}. */
export interface AnimatedHeightProps {
  children: ReactNode
}

/** Animates its height to the content's height (SPEC §9: modal height 150 ms). */
export function AnimatedHeight({ children }: AnimatedHeightProps) {
  const outer = useRef<HTMLDivElement>(null)
  const inner = useRef<HTMLDivElement>(null)
  const reduced = usePrefersReducedMotion()
  const reducedRef = useRef(reduced)
  useLayoutEffect(() => {
    reducedRef.current = reduced
  }, [reduced])

  useLayoutEffect(() => {
    const box = outer.current
    const element = inner.current
    if (!box || !element || typeof ResizeObserver === 'undefined') return
    let measured = false
    const observer = new ResizeObserver((entries) => {
      const size = entries[0]?.borderBoxSize?.[0]
      const height = `${size ? size.blockSize : element.offsetHeight}px`
      // the first measure only fixes the height: the modal's own entrance animates it already
      const animated = measured && play(box, { height }, viewDuration, reducedRef.current)
      if (!animated) box.style.height = height
      measured = true
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  return (
    <div ref={outer} data-lk-body="">
      <div ref={inner} data-lk-body-inner="">
        {children}
      </div>
    </div>
  )
}
