import { describe, expect, test } from 'vitest'
import { initialModalState, modalReducer, shakeDuration } from './modal'

describe('modalReducer', () => {
  test('default', () => {
    expect(initialModalState()).toEqual({ open: false, loading: false, shake: false })
    expect(shakeDuration).toBe(500)
  })

  test('open / close', () => {
    const opened = modalReducer(initialModalState(), { type: 'open' })
    expect(opened.open).toBe(true)
    expect(modalReducer(opened, { type: 'open' })).toBe(opened)
    expect(modalReducer(opened, { type: 'close' }).open).toBe(false)
  })

  test('behavior: close clears loading', () => {
    let state = modalReducer(initialModalState(), { type: 'open' })
    state = modalReducer(state, { type: 'setLoading', loading: true })
    expect(state.loading).toBe(true)
    expect(modalReducer(state, { type: 'close' })).toEqual({
      open: false,
      loading: false,
      shake: false,
    })
  })

  test('setLoading', () => {
    const state = modalReducer(initialModalState(), { type: 'setLoading', loading: true })
    expect(state.loading).toBe(true)
    expect(modalReducer(state, { type: 'setLoading', loading: true })).toBe(state)
    expect(modalReducer(state, { type: 'setLoading', loading: false }).loading).toBe(false)
  })

  test('behavior: shakeStart while shaking is ignored', () => {
    const shaking = modalReducer(initialModalState(), { type: 'shakeStart' })
    expect(shaking.shake).toBe(true)
    expect(modalReducer(shaking, { type: 'shakeStart' })).toBe(shaking)
    expect(modalReducer(shaking, { type: 'shakeEnd' }).shake).toBe(false)
  })
})
