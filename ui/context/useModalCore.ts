import { BaseError } from '../../src/errors/base'
import type { ModalCore } from './LatchkeyContext'
import { useLatchkeyContext } from './useLatchkeyContext'

/** The provider's lazily loaded part; the modal's views only render once it is there. */
export function useModalCore(): ModalCore {
  const { core } = useLatchkeyContext()
  if (!core)
    throw new BaseError('The Latchkey modal rendered before its chunk loaded.', {
      name: 'ModalCoreNotLoadedError',
    })
  return core
}
