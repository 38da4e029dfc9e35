import type { Config } from 'wagmi'

/** A chain switch in progress: the chain the page showed before it and the chain asked for last. */
export interface SwitchingChain {
  from: number | undefined
  to: number
}

interface Entry {
  value: SwitchingChain | undefined
  listeners: Set<() => void>
}

// Per config, as `switchChainConfirmed`'s own bookkeeping: two providers never share it.
const entries = new WeakMap<Config, Entry>()

function entryOf(config: Config): Entry {
  let entry = entries.get(config)
  if (!entry) {
    entry = { value: undefined, listeners: new Set() }
    entries.set(config, entry)
  }
  return entry
}

/** The switch in progress on `config`, if any. */
export function getSwitchingChain(config: Config): SwitchingChain | undefined {
  return entries.get(config)?.value
}

/** Starts (or, `undefined`, ends) the switch in progress on `config`, telling the watchers. */
export function setSwitchingChain(config: Config, value: SwitchingChain | undefined): void {
  const entry = entryOf(config)
  if (entry.value === value) return
  entry.value = value
  for (const listener of [...entry.listeners]) listener()
}

/** Calls `listener` on every start and end of a switch on `config`; returns the unsubscribe. */
export function watchSwitchingChain(config: Config, listener: () => void): () => void {
  const { listeners } = entryOf(config)
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/**
 * The chain the page shows (plan F6: a stale chain is never shown): wagmi's, except while a
 * switch is in progress and the wallet reports a chain other than the one asked for last (it
 * obeyed an earlier choice the visitor already replaced): then the chain shown before the switch.
 * Once the switch ends, wagmi's chain is shown whatever it is.
 */
export function shownChainId(
  chainId: number | undefined,
  switching: SwitchingChain | undefined,
): number | undefined {
  if (!switching || chainId === switching.to) return chainId
  return switching.from ?? chainId
}
