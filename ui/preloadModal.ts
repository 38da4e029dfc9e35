import type { ModalChunk } from './context/LatchkeyContext'
import type { ModalPartImports } from './modal/lazy/modalParts'

/**
 * The lazy parts of the modal, each a chunk of its own that imports the modal's (see
 * `modal/lazy/afterModal.ts`): their `import()` calls are here, handed to the modal chunk when it
 * loads, so the modal's modules never import them back.
 */
const partImports: ModalPartImports = {
  account: () => import('./modal/account/AccountPanels'),
  solana: () => import('./modal/solana/solanaViews'),
  social: () => import('./modal/embeddedWallet/socialViews'),
  siwxHost: () => import('./siwx/SiwxHost'),
}

/**
 * Starts loading the modal chunk so the click opens it at once. The provider calls it once the
 * page is idle after startup, the button on pointerenter, pointerdown and focus.
 */
export function preloadModal(): Promise<ModalChunk> {
  return import('./modal/modalChunk').then((module) => {
    module.setModalPartImports(partImports)
    return module.modalChunk
  })
}
