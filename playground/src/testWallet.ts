/** The injected test wallet's error matrix (test/wallet, see docs/contracts.md). */
export interface TestWalletErrors {
  reject: boolean | string[]
  unknownChain: boolean
  hang: string[]
  pending: boolean
  /** How switch and add misbehave: '' (not), 'null', 'internalError', 'silent', 'nested4902'. */
  switchFault: SwitchFault
  /** Account requests answer a bare address instead of a list. */
  badAccounts: boolean
  /** These methods throw synchronously from `request()`. */
  throwSync: string[]
}

export const switchFaults = ['', 'null', 'internalError', 'silent', 'nested4902'] as const
export type SwitchFault = (typeof switchFaults)[number]

declare global {
  interface Window {
    __latchkeyTestWallet?: TestWalletErrors
  }
}

export const testWalletMethods = [
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
] as const

export function readTestWallet(): TestWalletErrors | undefined {
  const wallet = window.__latchkeyTestWallet
  if (!wallet) return undefined
  return {
    reject: Array.isArray(wallet.reject) ? [...wallet.reject] : Boolean(wallet.reject),
    unknownChain: Boolean(wallet.unknownChain),
    hang: Array.isArray(wallet.hang) ? [...wallet.hang] : [],
    pending: Boolean(wallet.pending),
    switchFault: switchFaults.find((f) => f === wallet.switchFault) ?? '',
    badAccounts: Boolean(wallet.badAccounts),
    throwSync: Array.isArray(wallet.throwSync) ? [...wallet.throwSync] : [],
  }
}

/** Writes onto the wallet's own object: it reads these fields on every request. */
export function writeTestWallet(errors: TestWalletErrors): void {
  const wallet = window.__latchkeyTestWallet
  if (!wallet) return
  wallet.reject = errors.reject
  wallet.unknownChain = errors.unknownChain
  wallet.hang = errors.hang
  wallet.pending = errors.pending
  wallet.switchFault = errors.switchFault
  wallet.badAccounts = errors.badAccounts
  wallet.throwSync = errors.throwSync
}
