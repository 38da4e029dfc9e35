import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { encodeQr } from '../../../src/qr/encodeQr'
import { type LoadQrEncoder, useQrMatrix } from './useQrMatrix'

describe('useQrMatrix', () => {
  test('default: the code of the text once the encoder loaded; nothing for no text', async () => {
    const { result, rerender } = renderHook(({ text }) => useQrMatrix(text), {
      initialProps: { text: 'latchkey' as string | undefined },
    })
    expect(result.current).toEqual({ matrix: undefined, failed: false })
    await waitFor(() => expect(result.current.matrix).toEqual(encodeQr('latchkey')))
    rerender({ text: undefined })
    expect(result.current).toEqual({ matrix: undefined, failed: false })
  })

  test('error: an encoder chunk that does not load says so (no spinner forever); a new text tries again', async () => {
    let fail = true
    const load: LoadQrEncoder = () =>
      fail
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : import('../../../src/qr/encodeQr')
    const { result, rerender } = renderHook(({ text }) => useQrMatrix(text, load), {
      initialProps: { text: 'first' },
    })
    await waitFor(() => expect(result.current.failed).toBe(true))
    expect(result.current.matrix).toBeUndefined()
    fail = false
    rerender({ text: 'second' })
    expect(result.current.failed).toBe(false)
    await waitFor(() => expect(result.current.matrix).toEqual(encodeQr('second')))
  })
})
