import type { LatchkeyServerOptions } from '../../server/options'
import { type ServerProcess, startServerProcess } from './startServerProcess'

/** A real Latchkey server with `chainData`, in a child process, for UI tests. */
export type ChainDataServerProcess = ServerProcess

/** Starts a real server with `chains` and `chainData` in a child process (see `startServerProcess`). */
export function startChainDataServer(
  options: Pick<LatchkeyServerOptions, 'chains' | 'chainData'>,
): Promise<ChainDataServerProcess> {
  return startServerProcess(options, 'chain data server')
}
