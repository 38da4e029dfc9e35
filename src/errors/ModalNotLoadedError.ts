import { BaseError } from './base'

/** Type of a {@link ModalNotLoadedError}. */
export type ModalNotLoadedErrorType = ModalNotLoadedError & { name: 'ModalNotLoadedError' }

/**
 * A lazy part of the modal (the account views, the Solana views, sign-in's host) was asked for
 * before the modal's own chunk was loaded through `preloadModal()`, which hands it their imports.
 */
export class ModalNotLoadedError extends BaseError {
  override name = 'ModalNotLoadedError'

  constructor({ part }: { part: string }) {
    super(`The modal's "${part}" part was asked for before the modal was loaded`, {
      docsPath: '/errors.md#modal',
      metaMessages: ['Load the modal first: preloadModal(), or render the LatchkeyProvider.'],
    })
  }
}
