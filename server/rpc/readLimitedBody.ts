import { ResponseTooLargeError } from '../../src/errors/ResponseTooLargeError'
import { readLimitedText } from '../../src/utils/readLimitedText'

/**
 * Reads a response body as text, stopping (and cancelling the stream, which closes the socket)
 * as soon as it passes `maxBytes`, with a `ResponseTooLargeError`: at most `maxBytes` plus one
 * chunk is ever held.
 */
export function readLimitedBody(response: Response, maxBytes: number): Promise<string> {
  return readLimitedText(response, maxBytes, () => new ResponseTooLargeError({ maxBytes }))
}
