/**
 * Reads a response body as UTF-8 text, stopping (and cancelling the stream, which closes the
 * socket) as soon as its declared length or what has been read passes `maxBytes`: at most
 * `maxBytes` plus one chunk is ever held. Rejects with `tooLarge()` then.
 * @example await readLimitedText(response, 1_048_576, () => new ResponseTooLargeError({ maxBytes: 1_048_576 }))
 */
export async function readLimitedText(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw tooLarge()
  }
  if (!response.body) return response.text()
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(body)
}
