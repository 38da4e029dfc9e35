import type { UniversalProviderInstance } from './universalProviderInstance'

// sign-client 2.21.8 handles an incoming `wc_sessionDelete` by deleting the session on the next
// publish of its relayer (whatever is published), in an async event listener nobody awaits. If
// the session is deleted in between, by a second `wc_sessionDelete` or by `disconnect()`, that
// listener throws "Record was recently deleted - session: …" as an unhandled rejection, on the
// dapp's side or the wallet's. So the dapp sends at most one delete per session, and none once
// the wallet's own delete has arrived: the SDK is already ending the session on the wallet's word.

/** How long a disconnect waits for the SDK to finish a delete the wallet sent. */
const walletDeleteWaitMs = 5_000

interface HistoryRecord {
  topic: string
  request: { method: string }
}

/**
 * Ends the provider's session once, whoever asks first: concurrent calls share one delete, and a
 * session the wallet is already deleting is waited for instead of deleted a second time.
 * @example const close = createSessionCloser(universal); await close()
 */
export function createSessionCloser(universal: UniversalProviderInstance) {
  const { client } = universal
  // Topics whose `wc_sessionDelete` came from the wallet (seen as the SDK logs it in its history).
  const endedByWallet = new Set<string>()
  // Our own delete in flight: its topic's first `wc_sessionDelete` record is ours.
  let closing: { topic: string; promise: Promise<void>; recorded: boolean } | undefined

  client.core.history.on('history_created', (record: HistoryRecord) => {
    if (record.request.method !== 'wc_sessionDelete') return
    if (closing?.topic === record.topic && !closing.recorded) {
      closing.recorded = true
      return
    }
    endedByWallet.add(record.topic)
  })
  client.on('session_delete', ({ topic }) => endedByWallet.delete(topic))

  // The SDK deletes it on its next publish and universal-provider then cleans up and says so:
  // 'deleted'; 'gone' if it was no longer there, 'timeout' if the SDK never got to it.
  const deleted = (topic: string) =>
    new Promise<'deleted' | 'gone' | 'timeout'>((resolve) => {
      const done = (how: 'deleted' | 'gone' | 'timeout') => {
        clearTimeout(timer)
        universal.removeListener('session_delete', onDelete)
        resolve(how)
      }
      const onDelete = (event: { topic: string }) => {
        if (event.topic === topic) done('deleted')
      }
      const timer = setTimeout(() => done('timeout'), walletDeleteWaitMs)
      universal.on('session_delete', onDelete)
      if (!client.session.keys.includes(topic)) done('gone')
    })

  const close = async (topic: string) => {
    if (endedByWallet.has(topic) || !client.session.keys.includes(topic)) {
      // Without the SDK's delete event nobody clears universal-provider's session: do it here.
      const how = await deleted(topic)
      if (how !== 'deleted' && universal.session?.topic === topic) universal.session = undefined
      return
    }
    await universal.disconnect()
  }

  return function closeSession(): Promise<void> {
    const topic = universal.session?.topic
    if (!topic) return Promise.resolve()
    if (closing?.topic === topic) return closing.promise
    const promise = close(topic).finally(() => {
      if (closing?.promise === promise) closing = undefined
    })
    closing = { topic, promise, recorded: false }
    return promise
  }
}
