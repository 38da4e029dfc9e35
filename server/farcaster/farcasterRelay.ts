import { z } from 'zod'
import { FarcasterRelayError } from '../../src/errors/FarcasterRelayError'

const maxBytes = 256 * 1024

/** What the relay answers for a new channel. */
const channelAnswer = z.object({
  channelToken: z.string().min(1).max(512),
  url: z.url({ protocol: /^https?$/ }).max(4096),
  nonce: z.string().min(1).max(128),
})

/** A channel's status: pending until the visitor's Farcaster app signed, then the signed answer. */
const statusAnswer = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending') }),
  z.object({
    state: z.literal('completed'),
    message: z.string().min(1).max(8192),
    signature: z.string().regex(/^0x[0-9a-fA-F]{2,2048}$/),
    fid: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    username: z.string().max(256).nullish(),
    authMethod: z.enum(['custody', 'authAddress']).nullish(),
  }),
])

/** A channel's status as the relay reports it. */
export type FarcasterChannelStatus = z.output<typeof statusAnswer>

/** What the server asks the relay for a channel (FIP-11: the sign-in message's fields). */
export interface FarcasterChannelRequest {
  siweUri: string
  domain: string
  nonce: string
  expirationTime: string
}

async function call(
  url: string,
  init: RequestInit & { timeoutMs: number; step: string },
): Promise<{ status: number; body: unknown }> {
  const { timeoutMs, step, ...rest } = init
  let response: Response
  try {
    response = await fetch(url, {
      ...rest,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (cause) {
    throw new FarcasterRelayError({ reason: `${step}: the relay did not answer.`, cause })
  }
  const text = await response.text()
  if (text.length > maxBytes)
    throw new FarcasterRelayError({ reason: `${step}: the answer is larger than 256 KiB.` })
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, body }
}

function parse<T>(schema: z.ZodType<T>, body: unknown, step: string): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success)
    throw new FarcasterRelayError({ reason: `${step}: the relay answered an unexpected body.` })
  return parsed.data
}

/** The relay's `/v1/channel` API (Farcaster auth relay): open a channel, read its status. */
export function createFarcasterRelay({
  relayUrl,
  timeoutMs,
}: {
  relayUrl: string
  timeoutMs: number
}) {
  const base = relayUrl.replace(/\/+$/, '')
  return {
    /** Opens a channel for a sign-in message with these fields; the token stays on the server. */
    async createChannel(request: FarcasterChannelRequest) {
      const { status, body } = await call(`${base}/v1/channel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...request, acceptAuthAddress: true }),
        timeoutMs,
        step: 'channel',
      })
      if (status !== 200 && status !== 201)
        throw new FarcasterRelayError({ reason: `channel: the relay answered ${status}.` })
      return parse(channelAnswer, body, 'channel')
    },
    /** The channel's status (202 pending, 200 completed); a channel the relay forgot is an error. */
    async status(channelToken: string): Promise<FarcasterChannelStatus> {
      const { status, body } = await call(`${base}/v1/channel/status`, {
        headers: { authorization: `Bearer ${channelToken}`, accept: 'application/json' },
        timeoutMs,
        step: 'status',
      })
      if (status === 202) return { state: 'pending' }
      if (status !== 200)
        throw new FarcasterRelayError({ reason: `status: the relay answered ${status}.` })
      return parse(statusAnswer, body, 'status')
    },
  }
}

/** A relay client (see {@link createFarcasterRelay}). */
export type FarcasterRelay = ReturnType<typeof createFarcasterRelay>
