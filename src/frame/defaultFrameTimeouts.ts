/*
 * The one table of the frame's waits and deadlines: the host's frame client, the embedded wallet
 * connector (its sign-out wait) and the frame page (how long an approval stays open) all read it.
 * It imports nothing, so any chunk may take it.
 */

/** Waits and deadlines of the frame channel, in milliseconds (SPEC §9). */
export type FrameTimeouts = {
  /** Longest wait for the frame's ready signal before a request fails. @default 20_000 */
  ready: number
  /**
   * Wait for the ready signal once the iframe's page has loaded: a page that loads and does not
   * signal is not the frame (an error page, a 404 or 500, a refused parent). @default 4_000
   */
  loaded: number
  /** The same wait when nothing answers at the frame URL (connection refused). @default 500 */
  unreachable: number
  /** Delay after the ready signal before requests go out (SPEC §4). @default 500 */
  postReadyDelay: number
  /** Deadline of connect email, device, OTP, social and social redirect URI. @default 30_000 */
  connect: number
  /** Deadline of every other request. @default 30_000 */
  request: number
  /** Deadline of an RPC request that needs an approval click in the frame. @default 300_000 */
  approval: number
  /** Deadline of sign out: disconnect gives up after 3 s (SPEC §4). @default 3_000 */
  signOut: number
}

/** Default frame waits and deadlines (SPEC §9; 5 min for approvals, as WalletConnect's TTL). */
export const defaultFrameTimeouts: FrameTimeouts = {
  ready: 20_000,
  loaded: 4_000,
  unreachable: 500,
  postReadyDelay: 500,
  connect: 30_000,
  request: 30_000,
  approval: 300_000,
  signOut: 3_000,
}
