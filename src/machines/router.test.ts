import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  canGoBack,
  getCurrentRoute,
  getStartView,
  initialRouterState,
  type RouteData,
  type RouteEntry,
  type RouterEvent,
  type RouterState,
  routerReducer,
  type StartViewParameters,
  toRouteEntry,
  type ViewName,
} from './router'

const wallet = { id: 'io.metamask', name: 'MetaMask', group: 'injected', installed: true } as const
const approval = { id: 'req-1', method: 'personal_sign' }

const views = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'Networks',
  'UnsupportedChain',
  'SIWXSignMessage',
  'ApproveTransaction',
] as const satisfies readonly ViewName[]

function stateOf(...names: ViewName[]): RouterState {
  return { ...initialRouterState(), history: names.map((view) => toRouteEntry(view)) }
}

function viewsOf(state: RouterState) {
  return state.history.map((entry) => entry.view)
}

describe('initialRouterState', () => {
  test('default', () => {
    expect(initialRouterState()).toEqual({
      history: [{ view: 'Connect' }],
      transition: 'next',
      transactionStack: [],
    })
  })

  test('parameters: entry', () => {
    expect(
      getCurrentRoute(initialRouterState({ view: 'ApproveTransaction', data: approval })),
    ).toEqual({
      view: 'ApproveTransaction',
      data: approval,
    })
  })
})

describe('routerReducer', () => {
  test('push: adds the view on top, direction next', () => {
    const state = routerReducer(stateOf('Connect'), {
      type: 'push',
      view: 'ConnectingExternal',
      data: { wallet },
    })
    expect(viewsOf(state)).toEqual(['Connect', 'ConnectingExternal'])
    expect(getCurrentRoute(state).data).toEqual({ wallet })
    expect(state.transition).toBe('next')
  })

  test('push: same view on top is ignored (same state object)', () => {
    const before = stateOf('Connect', 'ConnectingWalletConnect')
    expect(
      routerReducer(before, { type: 'push', view: 'ConnectingWalletConnect', data: { wallet } }),
    ).toBe(before)
  })

  test('push: same view lower in the stack is still pushed', () => {
    const state = routerReducer(stateOf('Connect', 'AllWallets'), { type: 'push', view: 'Connect' })
    expect(viewsOf(state)).toEqual(['Connect', 'AllWallets', 'Connect'])
  })

  test('replace: swaps the top', () => {
    const state = routerReducer(stateOf('Connect', 'AllWallets'), {
      type: 'replace',
      view: 'ConnectingExternal',
      data: { wallet },
    })
    expect(viewsOf(state)).toEqual(['Connect', 'ConnectingExternal'])
    expect(state.transition).toBe('next')
  })

  test('reset: leaves one entry', () => {
    const state = routerReducer(stateOf('Connect', 'AllWallets', 'ConnectingExternal'), {
      type: 'reset',
      view: 'Account',
    })
    expect(state.history).toEqual([{ view: 'Account' }])
  })

  test('goBack: pops, direction prev', () => {
    const state = routerReducer(stateOf('Connect', 'AllWallets'), { type: 'goBack' })
    expect(viewsOf(state)).toEqual(['Connect'])
    expect(state.transition).toBe('prev')
  })

  test('goBack: one entry is left unchanged (the store closes instead)', () => {
    const before = stateOf('Connect')
    expect(canGoBack(before)).toBe(false)
    expect(routerReducer(before, { type: 'goBack' })).toBe(before)
  })

  test('goBackToIndex', () => {
    const state = routerReducer(stateOf('Connect', 'AllWallets', 'ConnectingExternal', 'Account'), {
      type: 'goBackToIndex',
      index: 1,
    })
    expect(viewsOf(state)).toEqual(['Connect', 'AllWallets'])
    expect(state.transition).toBe('prev')
  })

  test('goBackToIndex: out of range, current or fractional index is ignored', () => {
    const before = stateOf('Connect', 'AllWallets')
    for (const index of [-1, 1, 2, 0.5, Number.NaN])
      expect(routerReducer(before, { type: 'goBackToIndex', index })).toBe(before)
  })

  test('pushTransaction / popTransaction', () => {
    const onSuccess = () => {}
    let state = routerReducer(stateOf('Connect'), { type: 'pushTransaction', tx: { onSuccess } })
    state = routerReducer(state, { type: 'pushTransaction', tx: { goBack: true } })
    expect(state.transactionStack).toEqual([{ onSuccess }, { goBack: true }])
    state = routerReducer(state, { type: 'popTransaction' })
    expect(state.transactionStack).toEqual([{ onSuccess }])
    state = routerReducer(state, { type: 'popTransaction' })
    expect(routerReducer(state, { type: 'popTransaction' })).toBe(state)
  })

  test('behavior: does not mutate the previous state', () => {
    const before = stateOf('Connect', 'AllWallets')
    const snapshot = structuredClone(before)
    routerReducer(before, { type: 'push', view: 'Account' })
    routerReducer(before, { type: 'goBack' })
    routerReducer(before, { type: 'reset', view: 'Account' })
    routerReducer(before, { type: 'pushTransaction', tx: {} })
    expect(before).toEqual(snapshot)
  })

  test('behavior: history is never empty and the top is never repeated by push', () => {
    const view = fc.constantFrom(...views)
    const event = fc.oneof(
      view.map((v): RouterEvent => ({ type: 'push', ...toRouteEntry(v) })),
      view.map((v): RouterEvent => ({ type: 'replace', ...toRouteEntry(v) })),
      view.map((v): RouterEvent => ({ type: 'reset', ...toRouteEntry(v) })),
      fc.constant({ type: 'goBack' as const }),
      fc.integer({ min: -2, max: 8 }).map((index) => ({ type: 'goBackToIndex' as const, index })),
    )
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let state = initialRouterState()
        for (const e of events) {
          const before = state
          state = routerReducer(state, e)
          expect(state.history.length).toBeGreaterThan(0)
          if (e.type === 'push' && getCurrentRoute(before).view === e.view)
            expect(state).toBe(before)
        }
      }),
    )
  })
})

describe('getStartView', () => {
  test('rule 1: manual WalletConnect control, desktop', () => {
    expect(
      getStartView({
        manualWCControl: true,
        hasAdapters: true,
        isConnected: true,
        isMobile: false,
        requested: { view: 'Networks' },
      }),
    ).toEqual({ view: 'ConnectingWalletConnectBasic' })
  })

  test('rule 1: no adapters and no address, mobile', () => {
    expect(
      getStartView({
        manualWCControl: false,
        hasAdapters: false,
        isConnected: false,
        isMobile: true,
      }),
    ).toEqual({ view: 'AllWallets' })
  })

  test('rule 2: requested view with its data', () => {
    expect(
      getStartView({
        manualWCControl: false,
        hasAdapters: true,
        isConnected: true,
        isMobile: false,
        requested: { view: 'ApproveTransaction', data: approval },
      }),
    ).toEqual({ view: 'ApproveTransaction', data: approval })
  })

  test('rule 3: connected goes to Account', () => {
    expect(
      getStartView({
        manualWCControl: false,
        hasAdapters: true,
        isConnected: true,
        isMobile: false,
      }),
    ).toEqual({ view: 'Account' })
  })

  test('rule 3: no adapters but connected still goes to Account', () => {
    expect(
      getStartView({
        manualWCControl: false,
        hasAdapters: false,
        isConnected: true,
        isMobile: true,
      }),
    ).toEqual({ view: 'Account' })
  })

  test('rule 4: otherwise Connect', () => {
    expect(
      getStartView({
        manualWCControl: false,
        hasAdapters: true,
        isConnected: false,
        isMobile: true,
      }),
    ).toEqual({ view: 'Connect' })
  })

  test('behavior: matches SPEC §2 rules 1–4 for every input', () => {
    // SPEC §2, restated rule by rule
    function spec(p: StartViewParameters): RouteEntry {
      const rule1 = p.manualWCControl || (!p.hasAdapters && !p.isConnected)
      if (rule1 && p.isMobile) return { view: 'AllWallets' }
      if (rule1) return { view: 'ConnectingWalletConnectBasic' }
      if (p.requested !== undefined) return p.requested
      if (p.isConnected) return { view: 'Account' }
      return { view: 'Connect' }
    }
    const requested = fc.option(
      fc
        .record(
          { view: fc.constantFrom(...views), data: fc.dictionary(fc.string(), fc.integer()) },
          { requiredKeys: ['view'] },
        )
        .map(({ view, data }) => toRouteEntry(view, data as RouteData)),
      { nil: undefined },
    )
    fc.assert(
      fc.property(
        fc.record({
          manualWCControl: fc.boolean(),
          hasAdapters: fc.boolean(),
          isConnected: fc.boolean(),
          isMobile: fc.boolean(),
          requested,
        }),
        (p) => {
          expect(getStartView(p)).toEqual(spec(p))
        },
      ),
    )
  })
})
