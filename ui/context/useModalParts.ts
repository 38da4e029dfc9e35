import { BaseError } from '../../src/errors/base'
import type { ModalParts } from './LatchkeyContext'
import { useLatchkeyContext } from './useLatchkeyContext'

/** The provider's lazily loaded part; the modal's views only render once it is there. */
export function useModalParts(): ModalParts {
  const { parts } = useLatchkeyContext()
  if (!parts)
    throw new BaseError('The Latchkey modal rendered before its chunk loaded.', {
      name: 'ModalPartsNotLoadedError',
    })
  return parts
}
