import type { UniversalProviderInstance } from './universalProviderInstance'

// A request sent by a page that was then reloaded (plan row D7): WalletConnect's SDK keeps its
// record (`core.history`, persisted) but nothing in the new page waits for it, so the wallet's
// answer would be dropped with the SDK's "emitting session_request:… without any listeners"
// error, and the app would never learn what became of it. Here it is reported as expired, and a
// late answer is dropped on purpose, with one note saying why.

/** A request sent before this page loaded, which no caller in this page can receive. */
export interface OrphanedRequest {
  /** The SDK's JSON-RPC id of the `wc_sessionRequest`. */
  id: number
  /** The wallet method it asked for (`personal_sign`, `eth_sendTransaction`…). */
  method: string
}

interface AnswerEvents {
  once?(event: string, listener: (answer: unknown) => void): void
  off?(event: string, listener: (answer: unknown) => void): void
}

interface SessionRequestParams {
  request?: { method?: unknown; expiryTimestamp?: unknown }
}

/**
 * Finds the requests the SDK restored as unanswered for the session `topic` and takes their
 * answers out of the SDK's hands: a late answer is logged once with `onNote` and dropped; the
 * record goes at the request's expiry. Returns the requests, for the connector to report.
 * @example const orphans = watchOrphanedRequests({ universal, topic, onNote: console.warn })
 */
export function watchOrphanedRequests({
  universal,
  topic,
  onNote,
}: {
  universal: UniversalProviderInstance
  topic: string
  onNote: (message: string) => void
}): OrphanedRequest[] {
  const { history } = universal.client.core
  // The engine's emitter of answers by id (not typed as public): with a listener of ours there,
  // the SDK hands us the late answer instead of logging an error about a missing listener.
  const answers = (universal.client.engine as unknown as { events?: AnswerEvents }).events
  const orphans: OrphanedRequest[] = []
  for (const { topic: recordTopic, request } of history.pending) {
    if (recordTopic !== topic || request.method !== 'wc_sessionRequest') continue
    const inner = (request.params as SessionRequestParams | undefined)?.request
    const method = typeof inner?.method === 'string' ? inner.method : 'unknown'
    const expiry = typeof inner?.expiryTimestamp === 'number' ? inner.expiryTimestamp * 1000 : 0
    const id = request.id
    orphans.push({ id, method })
    const left = expiry - Date.now()
    if (left <= 0) {
      history.delete(topic, id)
      continue
    }
    const event = `session_request:${id}`
    const onAnswer = (answer: unknown) => {
      clearTimeout(timer)
      const outcome = answer && typeof answer === 'object' && 'error' in answer ? 'error' : 'result'
      onNote(
        `[latchkey] WalletConnect: the wallet answered ${method} (request ${id}) with a ${outcome} after the page that sent it was reloaded; reported as expired, the answer is dropped.`,
      )
    }
    const timer = setTimeout(() => {
      answers?.off?.(event, onAnswer)
      history.delete(topic, id)
    }, left)
    // Node: the wait must not keep a process alive.
    ;(timer as { unref?: () => void }).unref?.()
    answers?.once?.(event, onAnswer)
  }
  return orphans
}
