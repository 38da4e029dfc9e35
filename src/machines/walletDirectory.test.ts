import { describe, expect, test } from 'vitest'
import type { DirectoryWallet } from '../directory/directoryWallet'
import {
  type DirectoryEvent,
  type DirectoryState,
  directoryReducer,
  hasMoreWallets,
  initialDirectoryState,
} from './walletDirectory'

const wallet = (id: string): DirectoryWallet => ({ id, name: `Wallet ${id}` })
const ids = (state: DirectoryState) => state.wallets.map((entry) => entry.id)
const run = (events: DirectoryEvent[], state = initialDirectoryState()) =>
  events.reduce(directoryReducer, state)

describe('directoryReducer', () => {
  test('default: starts idle with nothing read and more to read', () => {
    const state = initialDirectoryState()
    expect(state.status).toBe('idle')
    expect(hasMoreWallets(state)).toBe(true)
  })

  test('behavior: pages are read in order and appended, each id once', () => {
    const state = run([
      { type: 'loadMore' },
      { type: 'pageLoaded', page: 1, wallets: [wallet('a'), wallet('b')], count: 3 },
      { type: 'loadMore' },
      { type: 'pageLoaded', page: 2, wallets: [wallet('b'), wallet('c')], count: 3 },
    ])
    expect(ids(state)).toEqual(['a', 'b', 'c'])
    expect(state).toMatchObject({ status: 'ready', page: 2, count: 3 })
    expect(hasMoreWallets(state)).toBe(false)
    expect(directoryReducer(state, { type: 'loadMore' })).toBe(state)
  })

  test('behavior: a second loadMore while a page is read asks for nothing more', () => {
    const loading = run([{ type: 'loadMore' }])
    expect(loading).toMatchObject({ status: 'loading', loadingPage: 1 })
    expect(directoryReducer(loading, { type: 'loadMore' })).toBe(loading)
  })

  test('error: a failure keeps the wallets read and its error; it is never an empty directory', () => {
    const error = new Error('down')
    const state = run([
      { type: 'loadMore' },
      { type: 'pageLoaded', page: 1, wallets: [wallet('a')], count: 80 },
      { type: 'loadMore' },
      { type: 'pageFailed', page: 2, error },
    ])
    expect(state).toMatchObject({ status: 'failed', error, page: 1, count: 80 })
    expect(ids(state)).toEqual(['a'])
    expect(directoryReducer(state, { type: 'loadMore' })).toBe(state)
    const retried = directoryReducer(state, { type: 'retry' })
    expect(retried).toMatchObject({ status: 'loading', loadingPage: 2, error: undefined })
  })

  test('error: a first page that fails leaves status failed with no count', () => {
    const state = run([
      { type: 'loadMore' },
      { type: 'pageFailed', page: 1, error: new Error('x') },
    ])
    expect(state.status).toBe('failed')
    expect(state.count).toBeUndefined()
  })

  test('behavior: an answer for a page nobody waits for is ignored', () => {
    const loading = run([{ type: 'loadMore' }])
    expect(
      directoryReducer(loading, { type: 'pageLoaded', page: 3, wallets: [wallet('z')], count: 9 }),
    ).toBe(loading)
    expect(directoryReducer(loading, { type: 'pageFailed', page: 2, error: new Error() })).toBe(
      loading,
    )
  })

  test('behavior: an empty page ends the list even when the count said more', () => {
    const state = run([
      { type: 'loadMore' },
      { type: 'pageLoaded', page: 1, wallets: [wallet('a')], count: 50 },
      { type: 'loadMore' },
      { type: 'pageLoaded', page: 2, wallets: [], count: 50 },
    ])
    expect(hasMoreWallets(state)).toBe(false)
  })

  test('behavior: I3 a directory that repeats its pages ends the list instead of asking forever', () => {
    const state = run([
      { type: 'loadMore' },
      { type: 'pageLoaded', page: 1, wallets: [wallet('a'), wallet('b')], count: 1_000_000 },
      { type: 'loadMore' },
      { type: 'pageLoaded', page: 2, wallets: [wallet('a'), wallet('b')], count: 1_000_000 },
    ])
    expect(ids(state)).toEqual(['a', 'b'])
    expect(state.count).toBe(2)
    expect(hasMoreWallets(state)).toBe(false)
    expect(run([{ type: 'loadMore' }], state)).toBe(state)
  })

  test('behavior: search waits, loads, and keeps only answers for the query still typed', () => {
    let state = run([{ type: 'searchChanged', query: ' met ' }])
    expect(state.search).toMatchObject({ query: 'met', status: 'waiting' })
    state = run([{ type: 'searchStarted', query: 'met' }], state)
    expect(state.search.status).toBe('loading')
    state = run(
      [
        { type: 'searchChanged', query: 'meta' },
        { type: 'searchStarted', query: 'meta' },
      ],
      state,
    )
    // The answer for "met" arrives late: ignored.
    const late = directoryReducer(state, {
      type: 'searchLoaded',
      query: 'met',
      wallets: [wallet('x')],
    })
    expect(late).toBe(state)
    state = run([{ type: 'searchLoaded', query: 'meta', wallets: [wallet('m')] }], state)
    expect(state.search).toMatchObject({ status: 'ready', query: 'meta' })
    expect(state.search.wallets.map((entry) => entry.id)).toEqual(['m'])
    expect(run([{ type: 'searchChanged', query: '  ' }], state).search.status).toBe('idle')
  })

  test('error: a failed search says so with its error and no wallets', () => {
    const error = new Error('down')
    const state = run([
      { type: 'searchChanged', query: 'a' },
      { type: 'searchStarted', query: 'a' },
      { type: 'searchFailed', query: 'a', error },
    ])
    expect(state.search).toMatchObject({ status: 'failed', error, wallets: [] })
    // Typing the same query again asks again.
    expect(directoryReducer(state, { type: 'searchChanged', query: 'a' }).search.status).toBe(
      'waiting',
    )
  })
})
