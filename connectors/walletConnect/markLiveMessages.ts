import type { UniversalProviderInstance } from './universalProviderInstance'

// sign-client 2.21.8, one second after it starts, replays every inbound message of its sessions
// that core's tracker has not marked handled: meant for messages the previous page left
// unhandled. A message that arrived live in that second and is still being handled (a
// `wc_sessionDelete` waits for the page's next publish) is then handled twice, and the second
// `wc_sessionDelete` throws "Record was recently deleted - session: …" unhandled in the page
// (seen in Chromium, 1 run in 4 of test/e2e/walletConnect.test.ts). Messages that arrive while
// this page runs are marked handled as they arrive, so the replay only sees older ones.

/** How long after start the SDK's replay can still run (it is due after 1 s). */
const replayWindowMs = 10_000

/**
 * Marks each message that arrives in the first {@link replayWindowMs} ms after start as handled
 * in core's tracker (it is being handled now, by the SDK's live path). Messages stored by a
 * previous page are untouched and still replayed.
 * @example markLiveMessages(universal) // right after UniversalProvider.init
 */
export function markLiveMessages(universal: UniversalProviderInstance): void {
  const { relayer } = universal.client.core
  const onMessage = ({ topic, message }: { topic: string; message: string }) => {
    relayer.messages.ack(topic, message).catch(() => {})
  }
  relayer.on('relayer_message', onMessage)
  const timer = setTimeout(() => relayer.off('relayer_message', onMessage), replayWindowMs)
  // Node: the wait must not keep a process alive.
  ;(timer as { unref?: () => void }).unref?.()
}
