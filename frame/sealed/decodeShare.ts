import { decodeBase64 } from '../../src/utils/base64'
import { FrameReplyError } from '../FrameReplyError'

/** The recovery password was wrong (or the sealed share altered): nothing was signed. */
export const wrongPassword = () =>
  new FrameReplyError({ message: 'The recovery password is not right.', code: 4001 })

/** Two shares that do not rebuild the wallet's key: nothing is signed. */
export const sharesMismatch = () =>
  new FrameReplyError({
    message:
      "The wallet's shares do not rebuild its key (altered or from another split); nothing was signed.",
  })

/** A share from the server (base64), refused with {@link sharesMismatch} unless 33 or 65 bytes. */
export function decodeShare(text: string): Uint8Array {
  const bytes = decodeBase64(text)
  // A share of the EVM key alone (33 bytes), or of it and the Solana seed (65).
  if (bytes?.length !== 33 && bytes?.length !== 65) throw sharesMismatch()
  return bytes
}
