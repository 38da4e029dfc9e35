import { type RefObject, useLayoutEffect } from 'react'

/**
 * Shows the embedded wallet's iframe over `box` while `iframe` is given: fixed, on top of the
 * modal, fully opaque and untransformed (the frame enables its Approve button only after it has
 * been fully visible for 500 ms), reachable by assistive tech and the keyboard. It follows the
 * box every animation frame (view transitions, resizes, scrolling) and hides again on cleanup.
 * The iframe is never moved in the DOM: moving an iframe reloads it.
 */
export function useFramePlacement(
  box: RefObject<HTMLElement | null>,
  iframe: HTMLIFrameElement | undefined,
  zIndex: number,
) {
  useLayoutEffect(() => {
    const target = box.current
    if (!iframe || !target) return
    const style = iframe.style
    iframe.removeAttribute('aria-hidden')
    iframe.tabIndex = 0
    style.position = 'fixed'
    style.margin = '0'
    style.border = '0'
    style.opacity = '1'
    style.transform = 'none'
    style.filter = 'none'
    style.visibility = 'visible'
    style.zIndex = String(zIndex)
    style.borderRadius = getComputedStyle(target).borderRadius
    let last = ''
    let frame = 0
    const place = () => {
      const rect = target.getBoundingClientRect()
      const next = `${rect.left},${rect.top},${rect.width},${rect.height}`
      if (next !== last) {
        last = next
        style.left = `${rect.left}px`
        style.top = `${rect.top}px`
        style.width = `${rect.width}px`
        style.height = `${rect.height}px`
        style.display = 'block'
      }
      frame = requestAnimationFrame(place)
    }
    place()
    return () => {
      cancelAnimationFrame(frame)
      style.display = 'none'
      iframe.setAttribute('aria-hidden', 'true')
      iframe.tabIndex = -1
    }
  }, [box, iframe, zIndex])
}
