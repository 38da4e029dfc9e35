import { BaseError as ViemBaseError } from 'viem'
import type { Config, Connector } from 'wagmi'
import { connect } from 'wagmi/actions'
import { BaseError } from '../../src/errors/base'
import { ConnectionFailedError } from '../../src/errors/ConnectionFailedError'
import { ConnectTimeoutError } from '../../src/errors/ConnectTimeoutError'
import { NoAccountsFoundError } from '../../src/errors/NoAccountsFoundError'
import { optionDefaults } from '../../src/schemas/optionDefaults'
import { raceDeadline } from '../../src/utils/raceDeadline'

/** Parameters of {@link connectWithDeadline}. */
export interface ConnectWithDeadlineParameters {
  connector: Connector
  /** How long the wallet may take to answer. @default 60000 (plan E5) */
  timeoutMs?: number | undefined
}

/**
 * A typed error for whatever a connect failed with: viem's and Latchkey's errors as they are
 * (a rejection stays `UserRejectedRequestError`, -32002 stays `ResourceUnavailableRpcError`), a
 * non-array accounts answer as {@link NoAccountsFoundError}, anything else the provider threw
 * (synchronously or not) as {@link ConnectionFailedError}.
 */
export function toConnectError(error: unknown, connector?: string): Error {
  if (error instanceof BaseError || error instanceof ViemBaseError) return error
  // wagmi maps the accounts answer (`accounts.map(getAddress)`): a non-array fails there
  if (error instanceof TypeError) return new NoAccountsFoundError({ cause: error })
  return new ConnectionFailedError({ cause: error, connector })
}

/**
 * wagmi's `connect` with a deadline: a wallet that never answers fails with
 * {@link ConnectTimeoutError} after `timeoutMs` and the page leaves the `connecting` state, so the
 * modal can offer a retry; every other failure is typed by {@link toConnectError}.
 * @example await connectWithDeadline(config, { connector, timeoutMs: 60_000 })
 */
export async function connectWithDeadline(
  config: Config,
  { connector, timeoutMs = optionDefaults.connectTimeoutMs }: ConnectWithDeadlineParameters,
) {
  try {
    return await raceDeadline(
      connect(config, { connector }),
      timeoutMs,
      () => new ConnectTimeoutError({ timeout: timeoutMs, connector: connector.name }),
    )
  } catch (error) {
    if (error instanceof ConnectTimeoutError) {
      // wagmi still waits on the wallet: the page is not `connecting` any more
      config.setState((state) =>
        state.status === 'connecting'
          ? { ...state, status: state.current ? 'connected' : 'disconnected' }
          : state,
      )
      throw error
    }
    throw toConnectError(error, connector.name)
  }
}
