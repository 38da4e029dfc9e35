import type { Config } from 'wagmi'
import { raceDeadline } from '../src/utils/raceDeadline'

/** Options of {@link guardReconnect}. */
export interface GuardReconnectOptions {
  /**
   * How long `reconnecting` may last before the guard checks the wallet itself: with the check,
   * a terminal state within 3.5 s, which leaves a slow device's late timers 1.5 s of the plan's
   * 5 s. @default 2500
   */
  afterMs?: number | undefined
  /** How long the wallet may take to answer that check. @default 1000 */
  checkMs?: number | undefined
}

const guarded = new WeakSet<Config>()

/** `promise`, or `undefined` once `ms` passed or it failed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return raceDeadline(promise, ms, () => new Error(`No answer within ${ms} ms`)).catch(
    () => undefined,
  )
}

const fenced = new WeakSet<Config>()

/**
 * Keeps a connection the visitor made while a reconnect was pending (wagmi#3643): wagmi's
 * `reconnect`, when it finally gets an answer, writes its connector as `current` over a fresh
 * connection map, dropping the visitor's. A change that takes the state from `connected` to
 * `connected`, drops the current connection and writes a new connection for the one now current
 * is that late write (it happens whether the late connector was connected before, as after an
 * app's own `reconnect()`, or not, as after a reload: stored connections carry the last page's
 * uids): the visitor's connections and `current` are put back (the late connector stays as a
 * second connection). A disconnect of the current connection keeps the next one's object as it
 * was, so it is left alone. Disarms after `armedMs`.
 */
function fenceLateReconnect(config: Config, armedMs = 300_000): void {
  if (fenced.has(config)) return
  fenced.add(config)
  let previous = config.state
  const stop = config.subscribe(
    (state) => state,
    (next) => {
      const before = previous
      previous = next
      // a late reconnect after the guard gave up: the wallet did answer, so it is connected
      if (next.status === 'disconnected' && next.current && next.connections.has(next.current)) {
        config.setState((state) => ({ ...state, status: 'connected' }))
        return
      }
      const mine = before.current
      const late = next.current
      if (
        before.status !== 'connected' ||
        next.status !== 'connected' ||
        !mine ||
        !late ||
        next.connections.has(mine) ||
        // the same connection object: a disconnect moved `current` to the next connection
        next.connections.get(late) === before.connections.get(late)
      )
        return
      const connections = new Map(before.connections)
      for (const [uid, connection] of next.connections)
        if (!connections.has(uid)) connections.set(uid, connection)
      config.setState((state) => ({ ...state, connections, current: mine, status: 'connected' }))
    },
  )
  setTimeout(() => {
    stop()
    fenced.delete(config)
  }, armedMs)
}

/**
 * Ends a reconnect that hangs (plan G2): wagmi's `reconnect` awaits each connector's
 * `isAuthorized` and `connect` without a deadline, so a wallet whose `eth_accounts` never answers
 * keeps the page `reconnecting` for ever. When the state is still `reconnecting` after `afterMs`,
 * the guard asks the stored connection's connector for its accounts (within `checkMs`): accounts
 * make it `connected`, anything else `disconnected`. A terminal state is reached within
 * `afterMs + checkMs`. It changes nothing once the state left `reconnecting` (a connect the
 * visitor started meanwhile is theirs), and a late reconnect cannot overwrite that connect.
 * @example guardReconnect(config)
 */
export function guardReconnect(
  config: Config,
  { afterMs = 2_500, checkMs = 1_000 }: GuardReconnectOptions = {},
): void {
  if (guarded.has(config)) return
  guarded.add(config)
  const done = () => guarded.delete(config)
  fenceLateReconnect(config)
  setTimeout(async () => {
    if (config.state.status !== 'reconnecting') return done()
    const current = config.state.current
    const connection = current ? config.state.connections.get(current) : undefined
    // the stored connection names its connector; the live one is in the config
    const connector = connection
      ? (config.connectors.find((c) => c.uid === connection.connector.uid) ??
        config.connectors.find((c) => c.id === connection.connector.id))
      : undefined
    const accounts = connector
      ? await within(
          Promise.resolve().then(() => connector.getAccounts()),
          checkMs,
        )
      : undefined
    done()
    if (config.state.status !== 'reconnecting') return
    const chainId = connection?.chainId
    if (connector && accounts && accounts.length > 0 && chainId !== undefined) {
      // wagmi handles a connector's `connect` event only outside (re)connecting: leave it, then
      // let the connector announce itself (wagmi wires its change and disconnect events)
      config.setState((state) =>
        state.status === 'reconnecting' ? { ...state, status: 'disconnected' } : state,
      )
      connector.emitter.emit('connect', { accounts, chainId })
      return
    }
    config.setState((state) =>
      state.status === 'reconnecting'
        ? { ...state, connections: new Map(), current: null, status: 'disconnected' }
        : state,
    )
  }, afterMs)
}
