import type { Transition } from 'motion/react'

/** SPEC §9: view transition and modal height 150 ms. */
export const viewDuration = 0.15

/** AppKit-like easing: quick start, soft landing. */
export const ease = [0.25, 0.8, 0.25, 1] as const

/** Transition for a duration in seconds, or none under reduced motion. */
export function transition(duration: number, reduced: boolean | null): Transition {
  return reduced ? { duration: 0 } : { duration, ease }
}
