/**
 * Faults the relay makes on demand, for tests of what clients do when the network misbehaves.
 * The relay asks `takePublishDrop` and `takeSocketDrop`; the outbox reads `delayMs`,
 * `duplicates` and `reorders` on every delivery.
 */

/** Test controls for the relay's faults. */
export interface RelayFaults {
  /** The next `n` published messages are acknowledged to their publisher, then lost. */
  dropNext(n: number): void
  /**
   * After `n` more frames from clients, the socket that sent the last one is terminated (the
   * frame is handled first, its response may be lost). Repeats `times` times, every `n` frames.
   */
  dropSocketAfter(n: number, times?: number): void
  /** Every delivery (`irn_subscription`) waits `ms` first. 0 turns it off. */
  delay(ms: number): void
  /** Every delivery is sent twice. */
  duplicate(on: boolean): void
  /** Deliveries are held for a short window and sent in reverse order. */
  reorder(on: boolean): void
  /** Turns every fault off. */
  reset(): void
}

/** The relay's side of the faults. */
export interface FaultState extends RelayFaults {
  takePublishDrop(): boolean
  takeSocketDrop(): boolean
  readonly delayMs: number
  readonly duplicates: boolean
  readonly reorders: boolean
}

/** Creates the fault switches, all off. */
export function createFaults(): FaultState {
  let publishDrops = 0
  let socketEvery = 0
  let socketCountdown = 0
  let socketDrops = 0
  let delayMs = 0
  let duplicates = false
  let reorders = false

  return {
    dropNext(n) {
      publishDrops = n
    },
    dropSocketAfter(n, times = 1) {
      socketEvery = n
      socketCountdown = n
      socketDrops = times
    },
    delay(ms) {
      delayMs = ms
    },
    duplicate(on) {
      duplicates = on
    },
    reorder(on) {
      reorders = on
    },
    reset() {
      publishDrops = 0
      socketDrops = 0
      delayMs = 0
      duplicates = false
      reorders = false
    },
    takePublishDrop() {
      if (publishDrops <= 0) return false
      publishDrops--
      return true
    },
    takeSocketDrop() {
      if (socketDrops <= 0) return false
      socketCountdown--
      if (socketCountdown > 0) return false
      socketDrops--
      socketCountdown = socketEvery
      return true
    },
    get delayMs() {
      return delayMs
    },
    get duplicates() {
      return duplicates
    },
    get reorders() {
      return reorders
    },
  }
}
