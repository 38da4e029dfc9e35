import { describe, expect, test } from 'vitest'
import { initialToastState, toastDuration, toastReducer, toastSwapDelay } from './toast'

describe('toastReducer', () => {
  test('default', () => {
    expect(initialToastState()).toEqual({ toast: undefined, visible: false })
    expect(toastSwapDelay).toBe(150)
    expect(toastDuration).toBe(2500)
  })

  test('show', () => {
    const toast = { id: 1, variant: 'success', message: 'Copied' } as const
    expect(toastReducer(initialToastState(), { type: 'show', toast })).toEqual({
      toast,
      visible: true,
    })
  })

  test('hide: keeps the toast for its exit animation', () => {
    const toast = { id: 1, variant: 'error', message: 'Signature declined' } as const
    const shown = toastReducer(initialToastState(), { type: 'show', toast })
    const hidden = toastReducer(shown, { type: 'hide' })
    expect(hidden).toEqual({ toast, visible: false })
    expect(toastReducer(hidden, { type: 'hide' })).toBe(hidden)
  })
})
