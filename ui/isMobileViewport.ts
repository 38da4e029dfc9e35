/** Below this width the modal is a bottom sheet and mobile start views apply. */
export const mobileQuery = '(max-width: 430px)'

/** Whether the viewport is phone-sized (false during SSR). */
export function isMobileViewport(): boolean {
  return globalThis.matchMedia?.(mobileQuery).matches ?? false
}
