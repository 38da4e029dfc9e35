import type { ModalChunk } from './context/LatchkeyContext'

/**
 * Starts loading the modal chunk so the click opens it at once. The provider calls it once the
 * page is idle after startup, the button on pointerenter, pointerdown and focus.
 */
export function preloadModal(): Promise<ModalChunk> {
  return import('./modal/modalChunk').then((module) => module.modalChunk)
}
