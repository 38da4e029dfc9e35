import type { FrameRequestType } from '../schemas/frameRequests'
import { rpcMethodNeedsApproval } from '../schemas/frameRpc'

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

/** Request types with the 30 s connect deadline (SPEC §9). */
export const connectRequestTypes: readonly FrameRequestType[] = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
]

/** Request types that do not wait for the frame to be ready (SPEC §9). */
export const noReadyWaitRequestTypes: readonly FrameRequestType[] = [
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'SET_PREFERRED_ACCOUNT',
]

/** The deadline of one request, once sent. */
export function getFrameRequestTimeout(
  type: FrameRequestType,
  payload: unknown,
  timeouts: FrameTimeouts,
): number {
  if (connectRequestTypes.includes(type)) return timeouts.connect
  if (type === 'SIGN_OUT') return timeouts.signOut
  if (type === 'RPC_REQUEST' && rpcMethodNeedsApproval(getRpcMethod(payload)))
    return timeouts.approval
  return timeouts.request
}

/** The method of an RPC request payload, if any. */
export function getRpcMethod(payload: unknown): unknown {
  return typeof payload === 'object' && payload !== null && 'method' in payload
    ? payload.method
    : undefined
}
