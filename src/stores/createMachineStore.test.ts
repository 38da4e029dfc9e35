import { describe, expect, test } from 'vitest'
import { createMachineStore } from './createMachineStore'

type Counter = { count: number }
type CounterEvent = { type: 'add'; by: number } | { type: 'noop' }

function counter(state: Counter, event: CounterEvent): Counter {
  if (event.type === 'noop' || event.by === 0) return state
  return { count: state.count + event.by }
}

describe('createMachineStore', () => {
  test('default: starts in the initial state, read-only side has no setter', () => {
    const { store } = createMachineStore({ reducer: counter, initialState: { count: 1 } })
    expect(store.getState()).toEqual({ count: 1 })
    expect(store.getInitialState()).toEqual({ count: 1 })
    expect(Object.keys(store).sort()).toEqual(['getInitialState', 'getState', 'subscribe'])
  })

  test('behavior: dispatch stores the reducer result and notifies with the previous state', () => {
    const { store, dispatch } = createMachineStore({ reducer: counter, initialState: { count: 0 } })
    const seen: [number, number][] = []
    store.subscribe((state, previous) => seen.push([state.count, previous.count]))
    dispatch({ type: 'add', by: 2 })
    dispatch({ type: 'add', by: 3 })
    expect(store.getState()).toEqual({ count: 5 })
    expect(seen).toEqual([
      [2, 0],
      [5, 2],
    ])
  })

  test('behavior: an event the reducer ignores notifies nobody and runs no effect', () => {
    const changes: string[] = []
    const { store, dispatch } = createMachineStore<Counter, CounterEvent>({
      reducer: counter,
      initialState: { count: 0 },
      onChange: (_, __, event) => changes.push(event.type),
    })
    let notified = 0
    store.subscribe(() => notified++)
    const before = store.getState()
    dispatch({ type: 'noop' })
    dispatch({ type: 'add', by: 0 })
    expect(store.getState()).toBe(before)
    expect(notified).toBe(0)
    expect(changes).toEqual([])
  })

  test('behavior: onChange runs after listeners, sees the new state, and may dispatch again', () => {
    const order: string[] = []
    const machine = createMachineStore<Counter, CounterEvent>({
      reducer: counter,
      initialState: { count: 0 },
      onChange(state, previous, event) {
        order.push(`effect ${previous.count}→${state.count} ${event.type}`)
        // an effect feeding its result back, as the stores' effect runners do
        if (state.count === 1) machine.dispatch({ type: 'add', by: 10 })
      },
    })
    machine.store.subscribe((state) => order.push(`listener ${state.count}`))
    machine.dispatch({ type: 'add', by: 1 })
    expect(machine.store.getState()).toEqual({ count: 11 })
    expect(order).toEqual(['listener 1', 'effect 0→1 add', 'listener 11', 'effect 1→11 add'])
  })
})
