import type { FrameRequestType } from '../schemas/frameRequests'

/** One request waiting for its reply. */
export type PendingRequest = {
  id: string
  type: FrameRequestType
  message: unknown
  /** Deadline once sent, in milliseconds. */
  timeout: number
  /** Whether it waits for the frame's ready state (false for theme, dapp data, preferred account). */
  waitsForReady: boolean
  /** `queued`: not posted yet (the frame is not ready); `sent`: posted, awaiting the reply. */
  phase: 'queued' | 'sent'
  timer: ReturnType<typeof setTimeout> | undefined
  timerKind: 'ready' | 'request' | undefined
  resolve(value: unknown): void
  reject(error: Error): void
  cleanup(): void
}

/** How a request ended: `answered` by the frame, or `ended` by timeout, abort or disconnect. */
export type PendingOutcome = 'answered' | 'ended'

/** The table of pending requests; each settles once, and recent ids are remembered to count late replies. */
export function createPendingRequests({ remember = 1024 }: { remember?: number } = {}) {
  const pending = new Map<string, PendingRequest>()
  const settled = new Map<string, PendingOutcome>()

  return {
    add(entry: PendingRequest) {
      pending.set(entry.id, entry)
    },
    get(id: string | undefined): PendingRequest | undefined {
      return id === undefined ? undefined : pending.get(id)
    },
    list(): PendingRequest[] {
      return [...pending.values()]
    },
    get size() {
      return pending.size
    },
    /** Removes the entry and clears its timer and abort listener; false if it had settled already. */
    settle(entry: PendingRequest, outcome: PendingOutcome): boolean {
      if (pending.get(entry.id) !== entry) return false
      pending.delete(entry.id)
      if (entry.timer !== undefined) clearTimeout(entry.timer)
      entry.timer = undefined
      entry.cleanup()
      settled.set(entry.id, outcome)
      if (settled.size > remember) {
        const oldest = settled.keys().next().value
        if (oldest !== undefined) settled.delete(oldest)
      }
      return true
    },
    /** How a recently settled id ended, if it is remembered. */
    settledAs(id: string | undefined): PendingOutcome | undefined {
      return id === undefined ? undefined : settled.get(id)
    },
  }
}

/** The table returned by {@link createPendingRequests}. */
export type PendingRequests = ReturnType<typeof createPendingRequests>
