import { useState, useSyncExternalStore } from 'react'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { RouteEntry, RouterState } from '../../../src/machines/router'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'
import type { SwapToken } from '../../hooks/useSwapTokens'

/** What the visitor typed and picked on Swap. */
export interface SwapFormState {
  /** The amount sold, as typed. */
  amount: string
  sellToken: SwapToken | undefined
  buyToken: SwapToken | undefined
  /** The slippage picked, in basis points; undefined: the `swap` option's (1 %). */
  slippageBps: number | undefined
  /** The chain the tokens belong to: another chain starts a fresh form. */
  chainId: number | undefined
}

/** A Swap form: what Swap, its token list and its preview (views above it) read and write. */
export type SwapForm = StoreApi<SwapFormState>

// One form per Swap entry of the view stack (see solanaSendForm.ts): the token list and the
// preview go back to the same entry, while Swap opened again is a fresh form.
const forms = new WeakMap<RouteEntry, SwapForm>()

const createForm = () =>
  createStore<SwapFormState>()(() => ({
    amount: '',
    sellToken: undefined,
    buyToken: undefined,
    slippageBps: undefined,
    chainId: undefined,
  }))

function findSwapEntry(state: RouterState): RouteEntry | undefined {
  for (let index = state.history.length - 1; index >= 0; index--)
    if (state.history[index]?.view === 'Swap') return state.history[index]
  return undefined
}

/** The Swap form nearest the top of the stack (the one the token list and preview belong to). */
export function useSwapForm(): [SwapFormState, (patch: Partial<SwapFormState>) => void] {
  const { router } = useLatchkeyContext()
  const [form] = useState(() => {
    const entry = findSwapEntry(router.getState())
    if (!entry) return createForm()
    let found = forms.get(entry)
    if (!found) {
      found = createForm()
      forms.set(entry, found)
    }
    return found
  })
  const state = useSyncExternalStore(form.subscribe, form.getState, form.getState)
  return [state, form.setState]
}
