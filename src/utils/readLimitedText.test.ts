import { describe, expect, test } from 'vitest'
import { ResponseTooLargeError } from '../errors/ResponseTooLargeError'
import { readLimitedText } from './readLimitedText'

const tooLarge = () => new ResponseTooLargeError({ maxBytes: 8 })

/** A streamed body of `parts` that records whether the reader cancelled it. */
function streamed(parts: string[], headers: HeadersInit = {}) {
  const state = { pulled: 0, cancelled: false }
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[state.pulled++]
      if (part === undefined) controller.close()
      else controller.enqueue(encoder.encode(part))
    },
    cancel() {
      state.cancelled = true
    },
  })
  return { response: new Response(body, { headers }), state }
}

describe('readLimitedText', () => {
  test('default: a body within the limit comes back whole, multi-byte characters across chunks intact', async () => {
    const euro = new TextEncoder().encode('€')
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(euro.slice(0, 1))
        controller.enqueue(euro.slice(1))
        controller.close()
      },
    })
    await expect(readLimitedText(new Response(body), 8, tooLarge)).resolves.toBe('€')
    await expect(readLimitedText(new Response('12345678'), 8, tooLarge)).resolves.toBe('12345678')
    await expect(readLimitedText(new Response(null), 8, tooLarge)).resolves.toBe('')
  })

  test('error: a body that grows past the limit rejects with the given error and is cancelled', async () => {
    const { response, state } = streamed(['12345', '6789', 'never read'])
    await expect(readLimitedText(response, 8, tooLarge)).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    )
    expect(state.cancelled).toBe(true)
    expect(state.pulled).toBeLessThan(3)
  })

  test('error: a declared length past the limit rejects before reading anything', async () => {
    const { response, state } = streamed(['1'], { 'content-length': '9' })
    await expect(readLimitedText(response, 8, tooLarge)).rejects.toBeInstanceOf(
      ResponseTooLargeError,
    )
    expect(state.cancelled).toBe(true)
  })
})
