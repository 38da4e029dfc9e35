import type { ModalChunk } from './context/LatchkeyContext'

/** Starts loading the modal chunk (on pointerenter or focus of the button) so the click opens it at once. */
export function preloadModal(): Promise<ModalChunk> {
  return import('./modal/modalChunk').then((module) => module.modalChunk)
}
