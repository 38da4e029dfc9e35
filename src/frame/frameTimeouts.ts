import type { FrameRequestType } from '../schemas/frameRequests'
import { rpcMethodNeedsApproval } from '../schemas/frameRpc'
import type { FrameTimeouts } from './defaultFrameTimeouts'

/** Request types with the 30 s connect deadline (SPEC §9). */
export const connectRequestTypes: readonly FrameRequestType[] = [
  'CONNECT_EMAIL',
  'CONNECT_DEVICE',
  'CONNECT_OTP',
  'CONNECT_SOCIAL',
  'GET_SOCIAL_REDIRECT_URI',
  'GET_FARCASTER_URI',
]

/**
 * Request types that wait for the visitor (a click in the frame, or a signature in their
 * Farcaster app), with the approval deadline.
 */
export const passkeyRequestTypes: readonly FrameRequestType[] = [
  'CONNECT_PASSKEY',
  'REGISTER_PASSKEY',
  'OPEN_SECURITY',
  'SETUP_RECOVERY',
  'OPEN_LOGINS',
  'MANAGE_PASSKEYS',
  'IMPORT_WALLET',
  'CONNECT_FARCASTER',
  // It may show the second-factor screen first (frame/factors/factorGate.ts).
  'UPDATE_EMAIL',
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
  if (passkeyRequestTypes.includes(type)) return timeouts.approval
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
