import { ResponseTooLargeError } from '../../src/errors/ResponseTooLargeError'

/**
 * Reads a response body as text, stopping (and cancelling the stream, which closes the socket)
 * as soon as it passes `maxBytes`: at most `maxBytes` plus one chunk is ever held.
 */
export async function readLimitedBody(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw new ResponseTooLargeError({ maxBytes })
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new ResponseTooLargeError({ maxBytes })
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size).toString('utf8')
}
