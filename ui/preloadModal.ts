import type ModalRoot from './modal/ModalRoot'

/** Starts loading the modal chunk (on pointerenter or focus of the button) so the click opens it at once. */
export function preloadModal(): Promise<{ default: typeof ModalRoot }> {
  return import('./modal/ModalRoot')
}
