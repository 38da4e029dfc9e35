import type { LatchkeyServerOptions } from '../../server/options'
import { type ServerProcess, startServerProcess } from './startServerProcess'

/** A real Latchkey server for UI tests, in a child process. */
export type SiwxServerProcess = ServerProcess

/** Starts a real server with sign-in (SIWX) options in a child process (see `startServerProcess`). */
export function startSiwxServer(
  options: Pick<LatchkeyServerOptions, 'siwx' | 'allowedOrigins'>,
): Promise<SiwxServerProcess> {
  return startServerProcess(options, 'sign-in server')
}
