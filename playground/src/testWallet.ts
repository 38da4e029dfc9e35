import type { WalletFault, WalletFaults } from '../../test/harness/walletFaults'

/**
 * The panel's view of the injected test wallet's faults (`window.__latchkeyTestWallet`, a
 * `WalletFaults` map in the vocabulary of test/harness/walletFaults.ts).
 */
export interface TestWalletErrors {
  reject: boolean | string[]
  unknownChain: boolean
  hang: string[]
  pending: boolean
  /** How switch and add misbehave ('' : not). */
  switchFault: SwitchFault
  /** Account requests answer a bare address instead of a list. */
  badAccounts: boolean
  /** These methods throw synchronously from `request()`. */
  throwSync: string[]
}

export const switchFaults = [
  '',
  'answerNull',
  'internalError',
  'silentSwitch',
  'nested4902',
] as const
export type SwitchFault = (typeof switchFaults)[number]

declare global {
  interface Window {
    __latchkeyTestWallet?: WalletFaults
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

const connectMethods = ['wallet_requestPermissions', 'eth_requestAccounts']
const faultOf = (faults: WalletFaults, target: string): WalletFault | undefined => {
  const rule = faults[target]
  return typeof rule === 'string' ? rule : rule?.fault
}
const methodsWith = (faults: WalletFaults, fault: WalletFault) =>
  Object.keys(faults).filter((target) => faultOf(faults, target) === fault)

export function readTestWallet(): TestWalletErrors | undefined {
  const faults = window.__latchkeyTestWallet
  if (!faults) return undefined
  const rejected = methodsWith(faults, 'reject')
  return {
    reject: rejected.includes('prompts') ? true : rejected,
    unknownChain: faultOf(faults, 'wallet_switchEthereumChain') === 'unknownChain',
    hang: methodsWith(faults, 'hang'),
    pending: faultOf(faults, 'prompts') === 'pending',
    switchFault: switchFaults.find((f) => f && f === faultOf(faults, 'switch')) ?? '',
    badAccounts: faultOf(faults, 'connect') === 'badAccounts',
    throwSync: faultOf(faults, 'connect') === 'throwSync' ? connectMethods : [],
  }
}

/** Replaces the wallet's faults: it reads them on every request. Per method beats per group. */
export function writeTestWallet(errors: TestWalletErrors): void {
  if (!window.__latchkeyTestWallet) return
  const faults: WalletFaults = {}
  if (errors.pending) faults.prompts = 'pending'
  if (errors.reject === true) faults.prompts = 'reject'
  if (errors.switchFault) faults.switch = errors.switchFault
  if (errors.badAccounts) faults.connect = 'badAccounts'
  if (errors.throwSync.length > 0) faults.connect = 'throwSync'
  if (errors.unknownChain) faults.wallet_switchEthereumChain = 'unknownChain'
  for (const method of Array.isArray(errors.reject) ? errors.reject : []) faults[method] = 'reject'
  for (const method of errors.hang) faults[method] = 'hang'
  window.__latchkeyTestWallet = faults
}
