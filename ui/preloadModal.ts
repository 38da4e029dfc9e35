/** Starts loading the modal chunk (on pointerenter or focus of the button) so the click opens it at once. */
export function preloadModal(): Promise<unknown> {
  return import('./modal/ModalRoot')
}
