// Types only: the server context names the indexer without importing what it imports.

/** How far the index of a chain reaches after a sync. */
export interface ChainIndexState {
  /** Every block below this one is indexed. */
  nextBlock: number
  /** The newest block the indexer may read (the head minus `confirmations`). */
  safeHead: number
}

/** The background transfer indexer of a server (`chainData.indexIntervalMs`). */
export interface ChainIndexer {
  /** Chain ids with a runner, ascending. */
  chainIds(): number[]
  /** Resolves after the runners' next run that started after this call, one per chain (tests). */
  settled(): Promise<void>
  /** Stops every runner: no run starts after this, and it resolves once the running ones ended. */
  stop(): Promise<void>
}
