/**
 * The wallet side of Wallet Standard registration, written from the spec
 * (`@wallet-standard/base` / `@wallet-standard/wallet`): the wallet dispatches a
 * `wallet-standard:register-wallet` event whose `detail` is a callback taking the app's
 * `{ register }`, and also answers every later `wallet-standard:app-ready` event (whose `detail`
 * is that `{ register }`), so the app finds it whether it loaded first or last.
 * @see https://github.com/wallet-standard/wallet-standard
 */
import type { StandardWallet } from './walletTypes'

/** What the app hands a wallet: `register(...wallets)` returns an unregister function. */
export interface WalletsRegistry {
  register(...wallets: StandardWallet[]): () => void
}

/** The register-wallet event (an `Event` with a read-only `detail`, neither bubbling nor composed). */
class RegisterWalletEvent extends Event {
  readonly #detail: (api: WalletsRegistry) => void
  get detail() {
    return this.#detail
  }
  constructor(callback: (api: WalletsRegistry) => void) {
    super('wallet-standard:register-wallet', { bubbles: false, cancelable: false, composed: false })
    this.#detail = callback
  }
}

/** Registers `wallet` with every app on the page, now and later. */
export function registerWallet(wallet: StandardWallet): void {
  const callback = ({ register }: WalletsRegistry) => register(wallet)
  try {
    window.dispatchEvent(new RegisterWalletEvent(callback))
  } catch (error) {
    console.error('wallet-standard:register-wallet event could not be dispatched\n', error)
  }
  try {
    window.addEventListener('wallet-standard:app-ready', (event) => {
      callback((event as CustomEvent<WalletsRegistry>).detail)
    })
  } catch (error) {
    console.error('wallet-standard:app-ready event listener could not be added\n', error)
  }
}
