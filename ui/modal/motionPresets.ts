import { animate } from 'motion/mini'
import { useSyncExternalStore } from 'react'

/** SPEC §9: view transition and modal height 150 ms (seconds, as motion takes them). */
export const viewDuration = 0.15

/** AppKit-like easing: quick start, soft landing. */
export const ease = [0.25, 0.8, 0.25, 1] as const

/**
 * CSS keyframes per property: a value to go to from the current one, or `[from, to]`. Transforms
 * are whole `transform` strings (the Web Animations API has no independent `x`, `scale`…).
 */
export type Frames = Record<string, string | [string, string]>

/** Whether this document can run Web Animations at all (false on the server, in some test DOMs). */
export function canAnimate(): boolean {
  return typeof Element !== 'undefined' && typeof Element.prototype.animate === 'function'
}

/**
 * Plays `frames` on `element` for `duration` seconds through the browser's Web Animations API
 * (motion's mini `animate`): a running animation of the same property is interrupted from where
 * it is, and the last frame stays as inline style when it ends. Returns undefined and does
 * nothing when motion is reduced or the element cannot animate: the caller goes straight to the
 * end state (instant), so nothing ever waits on an animation that will not run.
 */
export function play(
  element: HTMLElement | null,
  frames: Frames,
  duration: number,
  reduced: boolean,
): Promise<unknown> | undefined {
  if (reduced || !element || typeof element.animate !== 'function') return undefined
  return animate(element, frames, { duration, ease: [...ease] }).finished
}

const reducedQuery = '(prefers-reduced-motion: reduce)'
let reducedList: MediaQueryList | undefined

function reducedMedia(): MediaQueryList | undefined {
  if (!reducedList && typeof globalThis.matchMedia === 'function')
    reducedList = globalThis.matchMedia(reducedQuery)
  return reducedList
}

function subscribeReduced(onChange: () => void): () => void {
  const list = reducedMedia()
  list?.addEventListener?.('change', onChange)
  return () => list?.removeEventListener?.('change', onChange)
}

const getReduced = () => reducedMedia()?.matches ?? false
const getServerReduced = () => false

/** Whether the visitor asked for reduced motion (`prefers-reduced-motion: reduce`), live. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReduced, getReduced, getServerReduced)
}
