import { useState, useSyncExternalStore } from 'react'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { RouteEntry, RouterState } from '../../../src/machines/router'
import type { OnrampToken } from '../../../src/onramp/onrampTypes'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'

/** What the visitor typed and picked on OnRampProviders. */
export interface OnrampFormState {
  /** The amount paid, as typed. */
  amount: string
  /** ISO 4217 code; undefined: the first the providers offer. */
  currency: string | undefined
  /** ISO 3166-1 alpha-2; undefined: the one the server guesses. */
  country: string | undefined
  /** undefined: the chain's own currency (else the first token offered on the chain). */
  token: OnrampToken | undefined
}

/** An on-ramp form: what OnRampProviders and its two select views read and write. */
export type OnrampForm = StoreApi<OnrampFormState>

// One form per OnRampProviders entry of the view stack (see swapForm.ts): the select views go
// back to the same entry, while Buy opened again is a fresh form.
const forms = new WeakMap<RouteEntry, OnrampForm>()

const createForm = () =>
  createStore<OnrampFormState>()(() => ({
    amount: '100',
    currency: undefined,
    country: undefined,
    token: undefined,
  }))

function findEntry(state: RouterState): RouteEntry | undefined {
  for (let index = state.history.length - 1; index >= 0; index--)
    if (state.history[index]?.view === 'OnRampProviders') return state.history[index]
  return undefined
}

/** The on-ramp form nearest the top of the stack. */
export function useOnrampForm(): [OnrampFormState, (patch: Partial<OnrampFormState>) => void] {
  const { router } = useLatchkeyContext()
  const [form] = useState(() => {
    const entry = findEntry(router.getState())
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
