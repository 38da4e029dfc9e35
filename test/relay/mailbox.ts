/**
 * Messages kept per topic until their TTL, so a subscriber that arrives later still gets them
 * (the proposal is published before the wallet subscribes; the settle before the dapp does).
 * A message leaves a client's mailbox once that client acknowledges it.
 */

/** A published message as the relay stores it. */
export interface StoredMessage {
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation?: string
  /** Milliseconds since the epoch after which the message is gone. */
  expiresAt: number
  /** The client that published it: never delivered back to it. */
  publisher: string
  /** Clients that acknowledged delivery. */
  ackedBy: Set<string>
}

/** What `put` needs; the rest is filled in. */
export interface NewMessage {
  topic: string
  message: string
  /** Seconds. */
  ttl: number
  tag: number
  attestation?: string
  publisher: string
}

/** Per-topic message store with TTL expiry and per-client acknowledgement. */
export interface Mailbox {
  /** Stores a message; an identical one already stored (a retried publish) is returned instead. */
  put(message: NewMessage): { stored: StoredMessage; fresh: boolean }
  /** Live messages on `topic` that `client` neither published nor acknowledged, oldest first. */
  pendingFor(topic: string, client: string): StoredMessage[]
  /** Every live message on `topic`, oldest first. */
  all(topic: string): StoredMessage[]
  ack(message: StoredMessage, client: string): void
  /** Number of live messages across all topics. */
  size(): number
}

/** Creates an empty mailbox; `now` is injectable for tests (defaults to `Date.now`). */
export function createMailbox({ now = () => Date.now() }: { now?: () => number } = {}): Mailbox {
  const topics = new Map<string, StoredMessage[]>()

  const live = (topic: string) => {
    const list = topics.get(topic)
    if (!list) return []
    const time = now()
    const kept = list.filter((entry) => entry.expiresAt > time)
    if (kept.length === 0) topics.delete(topic)
    else if (kept.length !== list.length) topics.set(topic, kept)
    return kept
  }

  return {
    put({ ttl, ...message }) {
      const list = live(message.topic)
      const same = list.find((entry) => entry.message === message.message)
      if (same) return { stored: same, fresh: false }
      const publishedAt = now()
      const stored: StoredMessage = {
        ...message,
        publishedAt,
        expiresAt: publishedAt + ttl * 1000,
        ackedBy: new Set(),
      }
      topics.set(message.topic, [...list, stored])
      return { stored, fresh: true }
    },
    pendingFor(topic, client) {
      return live(topic).filter((entry) => entry.publisher !== client && !entry.ackedBy.has(client))
    },
    all: live,
    ack(message, client) {
      message.ackedBy.add(client)
    },
    size() {
      let count = 0
      for (const topic of [...topics.keys()]) count += live(topic).length
      return count
    },
  }
}
