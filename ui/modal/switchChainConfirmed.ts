import { type Chain, numberToHex, SwitchChainError, UserRejectedRequestError } from 'viem'
import { ChainNotConfiguredError, type Config, type Connector } from 'wagmi'
import { switchChain } from 'wagmi/actions'
import { ChainNotSupportedError } from '../../src/errors/ChainNotSupportedError'
import { isUserRejection } from '../../src/errors/isUserRejection'
import { SwitchNetworkFailedError } from '../../src/errors/SwitchNetworkFailedError'
import { optionDefaults } from '../../src/schemas/optionDefaults'
import { findErrorCode } from '../../src/utils/findErrorCode'
import { raceDeadline } from '../../src/utils/raceDeadline'
import { getSwitchingChain, type SwitchingChain, setSwitchingChain } from '../switchingChain'

/** Parameters of {@link switchChainConfirmed}. */
export interface SwitchChainConfirmedParameters {
  chainId: number
  /** How long `eth_chainId` is polled after the wallet answered. @default 2000 (plan F3) */
  confirmTimeoutMs?: number | undefined
  /** Poll interval of the confirmation. @default 100 */
  pollIntervalMs?: number | undefined
  /**
   * How long one wallet prompt (switch or add) may stay unanswered before the switch fails with
   * `SwitchNetworkFailedError` (`reason: 'timeout'`), so a later choice is not queued behind a
   * prompt the visitor never sees. @default 60000 (as `connectTimeoutMs`)
   */
  promptTimeoutMs?: number | undefined
}

interface Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

/** The generation of the latest switch per config: a newer call supersedes the older ones. */
const generations = new WeakMap<Config, number>()
/** The wallet request in flight per config: switches reach the wallet one after the other. */
const inFlight = new WeakMap<Config, Promise<unknown>>()

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A code of the error, its `data.originalError` (MetaMask Mobile) or its `cause` chain. */
function codeOf(error: unknown): number | undefined {
  const nested = (error as { data?: { originalError?: { code?: unknown } } } | null)?.data
    ?.originalError?.code
  if (nested === 4902) return 4902
  return findErrorCode(error)
}

/** -32002: the wallet already has a request open (MetaMask's "already pending"). */
const pendingError = (cause: unknown) => new SwitchNetworkFailedError({ reason: 'pending', cause })

/** Settles with `promise`, or fails with a typed timeout after `ms` (the prompt stays the wallet's). */
function withDeadline<T>(promise: Promise<T>, ms: number, chainId: number): Promise<T> {
  return raceDeadline(
    promise,
    ms,
    () =>
      new SwitchNetworkFailedError({
        reason: 'timeout',
        cause: new Error(`The wallet did not answer the switch to chain ${chainId} in ${ms} ms.`),
      }),
  )
}

/** Whether the wallet said it has no such method (-32601, or 4200 unsupported) anywhere in the chain. */
function isUnsupportedMethod(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code
    if (code === -32601 || code === 4200) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/**
 * Switches the connected wallet to `chainId` and trusts only the wallet's own `eth_chainId`: a
 * wallet that answers `null` without switching, answers -32603, switches without `chainChanged`,
 * or nests 4902 in `data.originalError` is asked to add the chain at most once (≤ 2 prompts) and
 * is confirmed by polling `eth_chainId` (plan F1–F6). A chain outside the config fails with wagmi's
 * `ChainNotConfiguredError` before any wallet call; a newer call supersedes an older one (the last
 * wins, the older one fails with `SwitchNetworkFailedError` and never changes the state). While it
 * runs, the page shows no chain an older call asked for ({@link setSwitchingChain}).
 * @throws UserRejectedRequestError when the visitor declines (4001)
 * @throws ChainNotSupportedError when the wallet cannot add chains (-32601, WalletConnect wallets)
 * @throws SwitchChainError when the wallet still reports another chain
 * @example await switchChainConfirmed(config, { chainId: 56 })
 */
export async function switchChainConfirmed(
  config: Config,
  parameters: SwitchChainConfirmedParameters,
): Promise<Chain> {
  const { current, connections } = config.state
  const connection = current ? connections.get(current) : undefined
  if (!connection || !config.chains.some((c) => c.id === parameters.chainId))
    return switchOnce(config, parameters)
  // the wallet may obey an earlier choice before this one: the page keeps the chain it showed
  const mine: SwitchingChain = {
    from: getSwitchingChain(config)?.from ?? connection.chainId,
    to: parameters.chainId,
  }
  setSwitchingChain(config, mine)
  try {
    return await switchOnce(config, parameters)
  } finally {
    if (getSwitchingChain(config) === mine) setSwitchingChain(config, undefined)
  }
}

async function switchOnce(
  config: Config,
  {
    chainId,
    confirmTimeoutMs = 2_000,
    pollIntervalMs = 100,
    promptTimeoutMs = optionDefaults.connectTimeoutMs,
  }: SwitchChainConfirmedParameters,
): Promise<Chain> {
  const chain = config.chains.find((c) => c.id === chainId)
  if (!chain) throw new ChainNotConfiguredError()
  const generation = (generations.get(config) ?? 0) + 1
  generations.set(config, generation)
  const current = config.state.current
  const connection = current ? config.state.connections.get(current) : undefined
  // Not connected: wagmi only moves the config's chain.
  if (!connection) return switchChain(config, { chainId: chainId as never }) as Promise<Chain>
  const { connector } = connection

  const superseded = () => generations.get(config) !== generation
  const stale = () =>
    new SwitchNetworkFailedError({
      reason: 'superseded',
      cause: new Error(`A later switch replaced ${chainId}.`),
    })

  // One wallet request at a time: wait for the earlier one (whatever its outcome).
  const before = inFlight.get(config)
  if (before) await before.catch(() => {})
  if (superseded()) throw stale()

  const provider =
    connector.type === 'injected'
      ? ((await connector.getProvider()) as Provider | undefined)
      : undefined
  // Our own connectors (WalletConnect, embedded) confirm against their session themselves.
  if (!provider?.request) {
    const run = withDeadline(
      switchChain(config, { chainId: chainId as never, connector }),
      promptTimeoutMs,
      chainId,
    ).catch((error: unknown) => {
      if (error instanceof SwitchNetworkFailedError) throw error
      const code = codeOf(error)
      if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
      if (code === -32002) throw pendingError(error)
      if (isUnsupportedMethod(error)) throw new ChainNotSupportedError({ chainId, cause: error })
      throw error
    })
    inFlight.set(config, run)
    try {
      await run
    } finally {
      if (inFlight.get(config) === run) inFlight.delete(config)
    }
    if (superseded()) throw stale()
    return chain
  }

  const readChainId = async () => {
    try {
      // a wallet that never answers eth_chainId counts as "not switched" at the window's end
      return Number(
        await withDeadline(provider.request({ method: 'eth_chainId' }), confirmTimeoutMs, chainId),
      )
    } catch {
      return undefined
    }
  }
  /** Polls `eth_chainId` until it is the target or the confirmation window ends. */
  const confirmed = async () => {
    const deadline = Date.now() + confirmTimeoutMs
    for (;;) {
      if ((await readChainId()) === chainId) return true
      if (superseded() || Date.now() >= deadline) return false
      await sleep(pollIntervalMs)
    }
  }
  const settle = () => {
    if (superseded()) throw stale()
    // the wallet may have switched without `chainChanged`: tell wagmi what it really is
    if (config.state.connections.get(connector.uid)?.chainId !== chainId)
      connector.emitter.emit('change', { chainId })
    return chain
  }

  if ((await readChainId()) === chainId) return settle()

  const prompt = (args: { method: string; params?: unknown }) =>
    withDeadline(provider.request(args), promptTimeoutMs, chainId)
  const run = attempt(
    { request: prompt },
    connector,
    chain,
    async () => {
      const ok = await confirmed()
      if (!ok && superseded()) throw stale()
      return ok
    },
    () => {
      if (superseded()) throw stale()
    },
  )
  inFlight.set(config, run)
  try {
    await run
  } finally {
    if (inFlight.get(config) === run) inFlight.delete(config)
  }
  return settle()
}

/** Switch, then add once if the wallet does not know the chain or did not switch, confirming each. */
async function attempt(
  provider: Provider,
  connector: Connector,
  chain: Chain,
  confirmed: () => Promise<boolean>,
  stillLatest: () => void,
): Promise<void> {
  const hexId = numberToHex(chain.id)
  let switchError: unknown
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hexId }] })
  } catch (error) {
    if (error instanceof SwitchNetworkFailedError) throw error
    const code = codeOf(error)
    if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
    if (code === -32002) throw pendingError(error)
    switchError = error
  }
  if (switchError === undefined && (await confirmed())) return
  // a later choice replaced this one: no add prompt for a chain nobody wants any more
  stillLatest()
  // 4902 (plain or nested), -32603, or an answer without a switch: add the chain, once.
  try {
    const explorer = chain.blockExplorers?.default.url
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: hexId,
          chainName: chain.name,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: [...chain.rpcUrls.default.http],
          ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
        },
      ],
    })
  } catch (error) {
    if (error instanceof SwitchNetworkFailedError) throw error
    const code = codeOf(error)
    if (isUserRejection(error)) throw new UserRejectedRequestError(error as Error)
    if (code === -32002) throw pendingError(error)
    if (isUnsupportedMethod(error))
      throw new ChainNotSupportedError({ chainId: chain.id, cause: error })
    throw new SwitchChainError((switchError ?? error) as Error)
  }
  if (await confirmed()) return
  throw new SwitchChainError(
    new Error(
      `${connector.name} still reports another chain than ${chain.id} after switching and adding it.`,
    ),
  )
}
