import { type DependencyList, useLayoutEffect, useRef } from 'react'

/** Parameters of {@link usePresence}. */
export interface UsePresenceParameters {
  /** False while the element animates out; true again when it comes back (same instance). */
  present: boolean
  /**
   * Plays the entrance: `first` on the element's first showing, else a return caught mid-exit
   * (from where it is).
   */
  enter(first: boolean): void
  /** Plays the exit; undefined when nothing animates (reduced motion, no Web Animations). */
  exit(): Promise<unknown> | undefined
  /** Called once the exit has ended (at once when nothing animates): unmount then. */
  onExited(): void
}

/**
 * Enter and exit animations of an element that stays mounted while it animates out (the dialog,
 * a toast): `enter` when `present` turns true (or on mount), `exit` when it turns false, then
 * `onExited`, which a return before the exit ended cancels. Runs again when `deps` change.
 */
export function usePresence(parameters: UsePresenceParameters, deps: DependencyList): void {
  const { present } = parameters
  const entered = useRef(false)
  const latest = useRef(parameters)
  latest.current = parameters
  // The callbacks are read from `latest`; `deps` are what they close over.
  useLayoutEffect(() => {
    if (!present) {
      let current = true
      const done = () => {
        if (current) latest.current.onExited()
      }
      const exit = latest.current.exit()
      if (exit) exit.then(done)
      else done()
      return () => {
        current = false
      }
    }
    const first = !entered.current
    entered.current = true
    latest.current.enter(first)
  }, [present, ...deps])
}
