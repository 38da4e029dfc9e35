import type { Config, Connector } from 'wagmi'
import { raceDeadline } from '../src/utils/raceDeadline'

/** Options of {@link hardenReconnect}. */
export interface HardenReconnectOptions {
  /**
   * How long one step of a connector's reconnect (`getProvider`, `isAuthorized`, `connect`) may
   * take. Longer than the guard's 3.5 s (which gives the visitor a terminal state) and than a slow
   * but working restore (the embedded wallet's frame under load): it only lets wagmi's own
   * reconnect end. @default 10000
   */
  stepMs?: number | undefined
  /** Called once per connector whose `isAuthorized` threw. @default console.warn */
  onWarn?: ((message: string) => void) | undefined
}

const hardened = new WeakSet<Connector>()
const watched = new WeakSet<Config>()

/** `promise`, or a rejection after `ms`. */
function deadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return raceDeadline(promise, ms, () => new Error(`${what} took longer than ${ms} ms`))
}

function harden(connector: Connector, stepMs: number, warn: (message: string) => void): void {
  if (hardened.has(connector)) return
  hardened.add(connector)
  const { getProvider, isAuthorized, connect } = connector
  let warned = false
  connector.getProvider = ((...args: Parameters<typeof getProvider>) =>
    deadline(
      Promise.resolve().then(() => getProvider.apply(connector, args)),
      stepMs,
      `${connector.id}.getProvider`,
    )) as typeof getProvider
  connector.isAuthorized = () =>
    deadline(
      Promise.resolve().then(() => isAuthorized.apply(connector)),
      stepMs,
      `${connector.id}.isAuthorized`,
    ).catch((error: unknown) => {
      if (!warned)
        warn(`Latchkey: ${connector.name} could not say whether it is connected. ${error}`)
      warned = true
      return false
    })
  connector.connect = ((...args: Parameters<typeof connect>) => {
    const started = Promise.resolve().then(() => connect.apply(connector, args))
    // only a restore has a deadline: a visitor's own connect waits for the wallet's prompt
    return args[0]?.isReconnecting ? deadline(started, stepMs, `${connector.id}.connect`) : started
  }) as typeof connect
}

/**
 * Keeps wagmi's `reconnect` from wedging (plan G3): it awaits each connector's `getProvider`,
 * `isAuthorized` and `connect` without a deadline and without `finally`, so a connector whose
 * `isAuthorized` throws, or whose step never answers, leaves wagmi's one-reconnect-at-a-time flag
 * set: the page stays `reconnecting` and every later `reconnect()` does nothing. Each connector
 * of `config` (and each added later, as EIP-6963 announces them) gets a deadline of `stepMs` on
 * those steps of a restore, and an `isAuthorized` that fails means "not authorized". Synchronous
 * and idempotent: call it before wagmi's reconnect reaches the connectors (during the first render).
 * @example hardenReconnect(config)
 */
export function hardenReconnect(
  config: Config,
  { stepMs = 10_000, onWarn }: HardenReconnectOptions = {},
): void {
  const warn = onWarn ?? ((message: string) => console.warn(message))
  for (const connector of config.connectors) harden(connector, stepMs, warn)
  if (watched.has(config)) return
  watched.add(config)
  config._internal.connectors.subscribe((connectors) => {
    for (const connector of connectors) harden(connector, stepMs, warn)
  })
}
