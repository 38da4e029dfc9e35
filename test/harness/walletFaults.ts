/**
 * The one fault vocabulary of every test wallet: the injected EIP-6963 wallet
 * (`test/wallet/testWallet.ts`, `window.__latchkeyTestWallet`), the React-test fakes
 * (`test/ui/fakeWallet.ts`, `test/ui/fakeWalletConnect.ts`) and the WalletConnect wallet
 * (`test/wcwallet/startWcWallet.ts`). A test asks for a fault by name, for a method or a group
 * of methods:
 * @example
 * await setWalletFaults(page, { connect: 'pending' }) // the injected wallet, in a page
 * wallet.faults.switch = 'reject' // a fake wallet
 * wcWallet.faults.personal_sign = once('reject') // the next signature only
 * Runs in the page too (bundled into the injected wallet): no Node import here.
 */

/** Each fault by name, and what the dapp sees when a wallet has it. */
export const walletFaultMeanings = {
  reject: 'the user declines: 4001 "User rejected the request."',
  pending: 'a request is already open in the wallet: -32002 "Request already pending."',
  hang: 'never answers (the WalletConnect wallet holds it until `answerHeld()`)',
  unknownChain: 'a switch answers 4902 even for a chain the wallet knows',
  unsupported: 'the wallet lacks the method: -32601 (F5: no `wallet_addEthereumChain`)',
  internalError: '-32603 "Internal JSON-RPC error."',
  nested4902:
    'an unknown chain answers -32603 with the 4902 in `data.originalError` (MetaMask Mobile)',
  answerNull: 'answers `null` and does nothing (F2: a switch that does not switch)',
  silentSwitch: 'a switch or add answers `null` and changes chain 300 ms later, no `chainChanged`',
  throwSync: '`request()` throws synchronously instead of rejecting (E5)',
  badAccounts: 'account requests answer a bare address, not a list (E5)',
} as const

/** A fault's name (see {@link walletFaultMeanings}). */
export type WalletFault = keyof typeof walletFaultMeanings

/**
 * A fault, or the long form: a `delayMs` before the answer (normal, or `fault`), and `once` to
 * fire on the next matching request only.
 */
export type WalletFaultRule =
  | WalletFault
  | { fault?: WalletFault; delayMs?: number; once?: boolean }

const connect = ['eth_requestAccounts', 'wallet_requestPermissions', 'wc_sessionPropose']
const switchChain = ['wallet_switchEthereumChain', 'wallet_addEthereumChain']
const sign = [
  'eth_sign',
  'personal_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
]

/**
 * Names for groups of methods. `connect` holds WalletConnect's session proposal
 * (`wc_sessionPropose`) beside the injected requests; `prompts` is every method that opens a
 * prompt in a real wallet; `*` is every request (a WalletConnect proposal too).
 */
export const faultGroups = {
  connect,
  switch: switchChain,
  sign,
  prompts: [...connect, ...switchChain, ...sign, 'eth_sendTransaction', 'wallet_watchAsset'],
  '*': [],
} as const satisfies Record<string, readonly string[]>

/** Where a rule applies: a method (`eth_chainId`) or a group (see {@link faultGroups}). */
export type FaultTarget = keyof typeof faultGroups | (string & {})

/** A wallet's faults, read on every request; the most specific target wins (method, group, `*`). */
export type WalletFaults = Partial<Record<FaultTarget, WalletFaultRule>>

/** What a request meets: a fault or a delay, or both. */
export interface FaultHit {
  fault?: WalletFault
  delayMs?: number
}

const groupOrder = ['connect', 'switch', 'sign', 'prompts'] as const

/** The targets that cover `method`, most specific first. */
function targetsOf(method: string): string[] {
  const groups = groupOrder.filter((group) =>
    (faultGroups[group] as readonly string[]).includes(method),
  )
  return [method, ...groups, '*']
}

/**
 * The rule `faults` has for `method`, or `undefined`. A `once` rule is removed as it fires.
 * @example
 * takeFault({ switch: 'reject' }, 'wallet_addEthereumChain') // { fault: 'reject' }
 */
export function takeFault(faults: WalletFaults | undefined, method: string): FaultHit | undefined {
  if (!faults) return undefined
  for (const target of targetsOf(method)) {
    const rule = faults[target]
    if (rule === undefined) continue
    if (typeof rule === 'string') return { fault: rule }
    if (rule.once) delete faults[target]
    return { fault: rule.fault, delayMs: rule.delayMs }
  }
  return undefined
}

/** The long form of a rule that fires on the next matching request only. */
export const once = (fault: WalletFault): WalletFaultRule => ({ fault, once: true })
