import type { Connection, Publish, RelayCore } from './types'

/** A JSON-RPC error the relay answers with. */
export class RelayRpcError extends Error {
  override name = 'RelayRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** Default TTL (seconds) when a `wc_*` call gives none: five minutes, like the session request. */
const defaultTtl = 300

type Params = Record<string, unknown>
/** A method runs, then `after` (if any) runs once the response is on the wire. */
type Handled = { result: unknown; after?: () => void }
type Method = (relay: RelayCore, connection: Connection, params: Params) => Handled

function invalid(message: string): never {
  throw new RelayRpcError(-32602, `Invalid params: ${message}`)
}

function text(params: Params, key: string): string {
  const value = params[key]
  if (typeof value !== 'string' || value.length === 0) invalid(`${key} must be a non-empty string`)
  return value
}

function list(params: Params, key: string): unknown[] {
  const value = params[key]
  if (!Array.isArray(value)) invalid(`${key} must be an array`)
  return value
}

function asParams(value: unknown): Params {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) invalid('not an object')
  return value as Params
}

function toPublish(params: Params, fallback?: { tag: number }): Publish {
  const ttl = params.ttl ?? (fallback ? defaultTtl : undefined)
  if (typeof ttl !== 'number' || !(ttl > 0)) invalid('ttl must be a positive number')
  const tag = params.tag ?? fallback?.tag ?? 0
  if (typeof tag !== 'number') invalid('tag must be a number')
  const attestation = typeof params.attestation === 'string' ? params.attestation : undefined
  return { topic: text(params, 'topic'), message: text(params, 'message'), ttl, tag, attestation }
}

function subscribeAll(relay: RelayCore, connection: Connection, topics: string[]): Handled {
  const ids = topics.map((topic) => relay.subscribe(connection, topic))
  const after = () => {
    for (const topic of topics) relay.flushMailbox(connection, topic)
  }
  return { result: ids, after }
}

/** The relay's JSON-RPC methods, by name. */
export const methods: Record<string, Method> = {
  irn_subscribe(relay, connection, params) {
    const topic = text(params, 'topic')
    const id = relay.subscribe(connection, topic)
    return { result: id, after: () => relay.flushMailbox(connection, topic) }
  },
  irn_batchSubscribe(relay, connection, params) {
    const topics = list(params, 'topics').map((t) => text({ t }, 't'))
    return subscribeAll(relay, connection, topics)
  },
  irn_unsubscribe(relay, connection, params) {
    relay.unsubscribe(connection, text(params, 'topic'))
    return { result: true }
  },
  irn_batchUnsubscribe(relay, connection, params) {
    for (const entry of list(params, 'subscriptions')) {
      relay.unsubscribe(connection, text(asParams(entry), 'topic'))
    }
    return { result: true }
  },
  irn_publish(relay, connection, params) {
    relay.publish(connection, toPublish(params))
    return { result: true }
  },
  irn_batchPublish(relay, connection, params) {
    const batch = list(params, 'messages').map((entry) => toPublish(asParams(entry)))
    for (const publish of batch) relay.publish(connection, publish)
    return { result: true }
  },
  irn_fetchMessages(relay, _connection, params) {
    return { result: { messages: relay.stored(text(params, 'topic')), hasMore: false } }
  },
  irn_batchFetchMessages(relay, _connection, params) {
    const topics = list(params, 'topics').map((t) => text({ t }, 't'))
    return { result: { messages: topics.flatMap((t) => relay.stored(t)), hasMore: false } }
  },
  // Core >= 2.21.8: the dapp creates the pairing without subscribing; this call subscribes it.
  wc_proposeSession(relay, connection, params) {
    const pairingTopic = text(params, 'pairingTopic')
    const proposal = { ...params, topic: pairingTopic, message: text(params, 'sessionProposal') }
    const publish = toPublish(proposal, { tag: 1100 })
    relay.subscribe(connection, pairingTopic)
    relay.publish(connection, publish)
    return { result: true, after: () => relay.flushMailbox(connection, pairingTopic) }
  },
  // The wallet answers on the pairing topic and settles on the session topic it now follows.
  wc_approveSession(relay, connection, params) {
    const sessionTopic = text(params, 'sessionTopic')
    const pairingTopic = text(params, 'pairingTopic')
    // One call, two messages: each gets the tag core gives it when sent on its own.
    const base = { ...params, tag: undefined }
    const response = toPublish(
      { ...base, topic: pairingTopic, message: text(params, 'sessionProposalResponse') },
      { tag: 1101 },
    )
    const settle = toPublish(
      { ...base, topic: sessionTopic, message: text(params, 'sessionSettlementRequest') },
      { tag: 1102 },
    )
    relay.subscribe(connection, sessionTopic)
    relay.publish(connection, response)
    relay.publish(connection, settle)
    return { result: true, after: () => relay.flushMailbox(connection, sessionTopic) }
  },
}

/** Parses a request's params object (missing params count as `{}`). */
export function paramsOf(value: unknown): Params {
  return value === undefined ? {} : asParams(value)
}
