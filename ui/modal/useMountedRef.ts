import { type RefObject, useEffect, useRef } from 'react'

/**
 * `true` while the component is mounted (StrictMode's remount included). Views calling wagmi
 * actions directly use it as wagmi's mutation hooks did: a call's callbacks stay silent once its
 * view is gone.
 */
export function useMountedRef(): RefObject<boolean> {
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return mounted
}
