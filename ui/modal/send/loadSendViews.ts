import type { SendViews } from './SendViews'

let loaded: SendViews | undefined
let pending: Promise<SendViews> | undefined

/** The send views once loaded (a render can use them at once), else undefined. */
export function loadedSendViews(): SendViews | undefined {
  return loaded
}

/**
 * Loads the send views (the send form, its store and machine, viem's fee, gas, send and receipt
 * actions, the account data client and its schemas): their own chunk, so the modal's first open
 * never carries them; fetched when the Send row is pointed at or focused, or a send view shows.
 * A failed load is forgotten, so the next call tries again.
 */
export function loadSendViews(): Promise<SendViews> {
  pending ??= import('./SendViews').then(
    (module) => {
      loaded = module.sendViews
      return module.sendViews
    },
    (error: unknown) => {
      pending = undefined
      throw error
    },
  )
  return pending
}
