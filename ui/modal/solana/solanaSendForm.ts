import { useState, useSyncExternalStore } from 'react'
import { createStore, type StoreApi } from 'zustand/vanilla'
import type { RouteEntry, RouterState } from '../../../src/machines/router'
import { useLatchkeyContext } from '../../context/useLatchkeyContext'

/** What the visitor typed and picked on SolanaSend. */
export interface SolanaSendFormState {
  amount: string
  receiver: string
  /** The token's mint; undefined: SOL. */
  mint: string | undefined
}

/** A SolanaSend form: what SolanaSend and its token list (a view above it) both read and write. */
export type SolanaSendForm = StoreApi<SolanaSendFormState>

// One form per SolanaSend entry of the view stack: the token list goes back to the same entry (the
// form as it was), while Send opened again is a new entry (a fresh form). Entries are the router's
// immutable objects, dropped with its history.
const forms = new WeakMap<RouteEntry, SolanaSendForm>()

/**
 * The index in the stack of the SolanaSend entry nearest the top (the one the token list goes back
 * to), or -1. (Not `findLastIndex`: ES2023, above the package's target.)
 */
export function findSolanaSendIndex(state: RouterState): number {
  for (let index = state.history.length - 1; index >= 0; index--)
    if (state.history[index]?.view === 'SolanaSend') return index
  return -1
}

/** The SolanaSend entry nearest the top of the stack. */
export function findSolanaSendEntry(state: RouterState): RouteEntry | undefined {
  return state.history[findSolanaSendIndex(state)]
}

const createForm = () =>
  createStore<SolanaSendFormState>()(() => ({ amount: '', receiver: '', mint: undefined }))

/** The form of a SolanaSend entry (made empty on first use). */
export function getSolanaSendForm(entry: RouteEntry): SolanaSendForm {
  let form = forms.get(entry)
  if (!form) {
    form = createForm()
    forms.set(entry, form)
  }
  return form
}

/**
 * SolanaSend's form: its entry's, kept while the token list is open above it.
 * @returns the values and a setter of some of them
 */
export function useSolanaSendForm(): [
  SolanaSendFormState,
  (patch: Partial<SolanaSendFormState>) => void,
] {
  const { router } = useLatchkeyContext()
  // the entry this view was opened as (it stays below the token list while that shows)
  const [form] = useState(() => {
    const entry = findSolanaSendEntry(router.getState())
    return entry ? getSolanaSendForm(entry) : createForm()
  })
  const state = useSyncExternalStore(form.subscribe, form.getState, form.getState)
  return [state, form.setState]
}
