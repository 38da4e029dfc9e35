import type { Api } from './createApi'
import type { PendingDeviceKey } from './createDeviceKeyStore'
import type { FrameSession } from './createFrameSession'
import { FrameReplyError } from './FrameReplyError'
import type { SealedCustody } from './sealed/createSealedCustody'

/** What the Farcaster login requests work with. */
export type FarcasterHandlerParameters = {
  api: Api
  session: FrameSession
  /** The host page's exact origin (the frame's parent): the sign-in message names its domain. */
  parentOrigin: string
  projectId?: string | undefined
  sealed?: SealedCustody | undefined
}

type Started = { key: PendingDeviceKey; flow: string }
type Answer =
  | { status: 'pending' }
  | { status: 'connected'; token: string; fid: number; userName: string | null }

/**
 * Farcaster login in the frame (SPEC §4 "get the URI, then connect"): the login is started with a
 * new device key for the parent's origin the browser reported; the host gets only the relay
 * channel's URL (for its QR code and link), the frame keeps the login's handle and asks the server
 * until the visitor signed in their Farcaster app. The frame's current session stays until the
 * login succeeds; a newer start, or the host's RELOAD when the visitor leaves, ends the wait.
 */
export function createFarcasterHandler({
  api,
  session,
  parentOrigin,
  projectId,
  sealed,
}: FarcasterHandlerParameters) {
  const project = projectId ? { projectId } : {}
  let started: Started | undefined

  return {
    /** GET_FARCASTER_URI: a new relay channel; its URL is what the visitor's app opens. */
    async uri(): Promise<{ uri: string }> {
      const key = await session.pendingKey()
      const answer = await api<{ uri: string; flow: string }>('/farcaster/start', {
        body: { deviceId: session.deviceId, origin: parentOrigin, ...project },
        key: key.key,
      })
      started = { key, flow: answer.flow }
      return { uri: answer.uri }
    },

    /** CONNECT_FARCASTER: waits for the signature (the server polls the relay), then signs in. */
    async connect(): Promise<{ userName: string }> {
      const current = started
      if (!current) throw new FrameReplyError({ message: 'Get the Farcaster URI first.' })
      for (;;) {
        const answer = await api<Answer>('/farcaster/connect', {
          body: { flow: current.flow, deviceId: session.deviceId, ...project },
          key: current.key.key,
        })
        if (started !== current)
          throw new FrameReplyError({ message: 'A newer Farcaster sign-in replaced this one.' })
        if (answer.status === 'pending') continue
        started = undefined
        await session.adopt(current.key, answer.token)
        // A sealed project's new user: the key is made and split here, now (frame/sealed/).
        await sealed?.setUp()
        return { userName: answer.userName ?? `fid ${answer.fid}` }
      }
    },
  }
}
