import type { AccountPanels } from './AccountPanels'

let loaded: AccountPanels | undefined
let pending: Promise<AccountPanels> | undefined

/** The panels once loaded (a render can use them at once), else undefined. */
export function loadedAccountPanels(): AccountPanels | undefined {
  return loaded
}

/**
 * Loads the Account tabs' panels (data hooks, lists, rows): their own chunk, so the modal's
 * connect views never carry them; fetched when Account first shows. A failed load is forgotten,
 * so the next call tries again.
 */
export function loadAccountPanels(): Promise<AccountPanels> {
  pending ??= import('./AccountPanels').then(
    (module) => {
      loaded = module.accountPanels
      return module.accountPanels
    },
    (error: unknown) => {
      pending = undefined
      throw error
    },
  )
  return pending
}
