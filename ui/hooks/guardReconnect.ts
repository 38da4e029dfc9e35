import type { Config } from 'wagmi'

/** Options of {@link guardReconnect}. */
export interface GuardReconnectOptions {
  /** How long `reconnecting` may last before the guard checks the wallet itself. @default 3000 */
  afterMs?: number | undefined
  /** How long the wallet may take to answer that check. @default 1000 */
  checkMs?: number | undefined
}

const guarded = new WeakSet<Config>()

/** `promise`, or `undefined` once `ms` passed or it failed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      () => {
        clearTimeout(timer)
        resolve(undefined)
      },
    )
  })
}

/**
 * Ends a reconnect that hangs (plan G2): wagmi's `reconnect` awaits each connector's
 * `isAuthorized` and `connect` without a deadline, so a wallet whose `eth_accounts` never answers
 * keeps the page `reconnecting` for ever. When the state is still `reconnecting` after `afterMs`,
 * the guard asks the stored connection's connector for its accounts (within `checkMs`): accounts
 * make it `connected`, anything else `disconnected`. A terminal state is reached within
 * `afterMs + checkMs`. It changes nothing once the state left `reconnecting` (a connect the
 * visitor started meanwhile is theirs).
 * @example guardReconnect(config)
 */
export function guardReconnect(
  config: Config,
  { afterMs = 3_000, checkMs = 1_000 }: GuardReconnectOptions = {},
): void {
  if (guarded.has(config)) return
  guarded.add(config)
  const done = () => guarded.delete(config)
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
