import { describe, expect, test, vi } from 'vitest'
import { getCurrentRoute } from '../machines/router'
import { createRouterStore } from './createRouterStore'

const wallet = { id: 'io.metamask', name: 'MetaMask', group: 'injected', installed: true } as const
const approval = { id: 'req-1', method: 'eth_sendTransaction' }

function viewsOf(store: ReturnType<typeof createRouterStore>) {
  return store.getState().history.map((entry) => entry.view)
}

describe('createRouterStore', () => {
  test('default', () => {
    const store = createRouterStore()
    expect(store.getState()).toEqual({
      history: [{ view: 'Connect' }],
      transition: 'next',
      transactionStack: [],
    })
  })

  test('types: each view takes its own data, and the compiler refuses any other', () => {
    const store = createRouterStore()
    store.push('ConnectingExternal', { wallet })
    store.push('ConnectingWalletConnect')
    store.push('ApproveTransaction', { ...approval, opened: true })
    expect(getCurrentRoute(store.getState())).toEqual({
      view: 'ApproveTransaction',
      data: { ...approval, opened: true },
    })
    if (store.getState().history.length > 0) return // the calls below only have to type-check (or not)
    // @ts-expect-error a view that takes no data
    store.push('Networks', { a: 1 })
    // @ts-expect-error ConnectingExternal needs the wallet
    store.push('ConnectingExternal')
    // @ts-expect-error the wallet, not a connector uid
    store.replace('ConnectingExternal', { connectorUid: 'uid-1' })
    // @ts-expect-error an approval has an id and a method
    store.reset('ApproveTransaction', { id: 'req-1' })
    // @ts-expect-error no such view
    store.push('Nowhere')
  })

  test('parameters: initial', () => {
    const store = createRouterStore({ initial: { view: 'Account' } })
    expect(viewsOf(store)).toEqual(['Account'])
  })

  test('push, replace, reset, goBackToIndex', () => {
    const store = createRouterStore()
    store.push('AllWallets')
    store.push('AllWallets')
    store.push('ConnectingExternal', { wallet })
    expect(viewsOf(store)).toEqual(['Connect', 'AllWallets', 'ConnectingExternal'])
    expect(getCurrentRoute(store.getState()).data).toEqual({ wallet })
    store.replace('Account')
    expect(viewsOf(store)).toEqual(['Connect', 'AllWallets', 'Account'])
    store.goBackToIndex(0)
    expect(viewsOf(store)).toEqual(['Connect'])
    expect(store.getState().transition).toBe('prev')
    store.push('Networks')
    store.reset('Account')
    expect(viewsOf(store)).toEqual(['Account'])
  })

  test('behavior: transition direction follows navigation', () => {
    const store = createRouterStore()
    const directions: string[] = []
    store.subscribe((state) => directions.push(state.transition))
    store.push('AllWallets')
    store.goBack()
    store.push('Networks')
    expect(directions).toEqual(['next', 'prev', 'next'])
  })

  test('behavior: goBack pops and does not close', () => {
    const onClose = vi.fn()
    const store = createRouterStore({ onClose })
    store.push('AllWallets')
    store.goBack()
    expect(viewsOf(store)).toEqual(['Connect'])
    expect(onClose).not.toHaveBeenCalled()
  })

  test('behavior: goBack with one entry closes the modal', () => {
    const onClose = vi.fn()
    const store = createRouterStore({ onClose })
    store.goBack()
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(viewsOf(store)).toEqual(['Connect'])
  })

  test('behavior: goBackOrClose', () => {
    const onClose = vi.fn()
    const store = createRouterStore({ onClose })
    store.push('Networks')
    store.goBackOrClose()
    expect(onClose).not.toHaveBeenCalled()
    store.goBackOrClose()
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  test('behavior: embedded close resets to Account when connected', () => {
    const onClose = vi.fn()
    const store = createRouterStore({ onClose, embedded: true, isConnected: () => true })
    store.push('Networks')
    store.close()
    expect(viewsOf(store)).toEqual(['Account'])
    expect(onClose).not.toHaveBeenCalled()
  })

  test('behavior: embedded goBack at the root resets to Connect when not connected', () => {
    const onClose = vi.fn()
    let connected = true
    const store = createRouterStore({ onClose, embedded: true, isConnected: () => connected })
    store.reset('AllWallets')
    connected = false
    store.goBack()
    expect(viewsOf(store)).toEqual(['Connect'])
    expect(onClose).not.toHaveBeenCalled()
  })

  test('behavior: non-embedded close calls onClose and keeps history', () => {
    const onClose = vi.fn()
    const store = createRouterStore({ onClose, isConnected: () => true })
    store.push('Networks')
    store.close()
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(viewsOf(store)).toEqual(['Connect', 'Networks'])
  })

  test('behavior: txSuccess runs onSuccess and stays', () => {
    const store = createRouterStore()
    const calls: string[] = []
    store.push('ApproveTransaction', approval)
    store.pushTransaction({
      onSuccess: () => calls.push('success'),
      onError: () => calls.push('error'),
      onCancel: () => calls.push('cancel'),
    })
    store.txSuccess()
    expect(calls).toEqual(['success'])
    expect(store.getState().transactionStack).toEqual([])
    expect(viewsOf(store)).toEqual(['Connect', 'ApproveTransaction'])
  })

  test('parameters: goBack (success also goes back)', () => {
    const store = createRouterStore()
    const onSuccess = vi.fn()
    store.push('ApproveTransaction', approval)
    store.pushTransaction({ onSuccess, goBack: true })
    store.txSuccess()
    expect(onSuccess).toHaveBeenCalledTimes(1)
    expect(viewsOf(store)).toEqual(['Connect'])
  })

  test('behavior: txError runs onError with the error, then goes back', () => {
    const store = createRouterStore()
    const order: string[] = []
    store.subscribe((state) => order.push(`view:${getCurrentRoute(state).view}`))
    store.push('ApproveTransaction', approval)
    store.pushTransaction({ onError: (error) => order.push(`error:${String(error)}`) })
    order.length = 0
    store.txError('boom')
    expect(order).toEqual(['view:ApproveTransaction', 'error:boom', 'view:Connect'])
  })

  test('behavior: txCancel runs onCancel, then goes back', () => {
    const onClose = vi.fn()
    const store = createRouterStore({ onClose })
    const onCancel = vi.fn(() => expect(viewsOf(store)).toEqual(['Connect', 'ApproveTransaction']))
    store.push('ApproveTransaction', approval)
    store.pushTransaction({ onCancel })
    store.txCancel()
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(viewsOf(store)).toEqual(['Connect'])
    expect(onClose).not.toHaveBeenCalled()
  })

  test('behavior: transactions settle newest first', () => {
    const store = createRouterStore()
    const calls: string[] = []
    store.pushTransaction({ onSuccess: () => calls.push('outer') })
    store.pushTransaction({ onSuccess: () => calls.push('inner') })
    store.txSuccess()
    store.txSuccess()
    expect(calls).toEqual(['inner', 'outer'])
  })

  test('behavior: with an empty stack tx* do nothing', () => {
    const onClose = vi.fn()
    const store = createRouterStore({ onClose })
    store.push('Networks')
    const before = store.getState()
    store.txSuccess()
    store.txError(new Error('x'))
    store.txCancel()
    expect(store.getState()).toBe(before)
    expect(onClose).not.toHaveBeenCalled()
  })

  test('behavior: two stores never share state', () => {
    const a = createRouterStore()
    const b = createRouterStore()
    a.push('Account')
    a.pushTransaction({})
    expect(viewsOf(b)).toEqual(['Connect'])
    expect(b.getState().transactionStack).toEqual([])
  })
})
