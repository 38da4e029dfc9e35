import type { SiwxAccount, SiwxMessage, SiwxSession } from './types'

/** What a sign-in message is asked for: the connected account. */
export type SiwxMessageInput = SiwxAccount

/** A message ready to sign: its fields and the exact text the wallet signs. */
export interface SiwxUnsignedMessage {
  data: SiwxMessage
  message: string
}

/**
 * Where sign-in sessions come from and go to. The modal's sign-in machine drives it; a host may
 * write its own (a server of its own, a wallet-specific flow). Every method must fail closed:
 * throw (a `BaseError`) rather than return something it has not checked.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export interface SiwxAdapter {
  /**
   * Returns a fresh nonce for one sign-in attempt (at least 96 bits, letters and digits, single
   * use). Called once per attempt, by `createMessage`; never cached or reused.
   */
  getNonce(input: SiwxMessageInput): Promise<string>
  /**
   * Builds the message for `input` (EIP-4361 for eip155, CAIP-122 otherwise) with a nonce from
   * one `getNonce` call, the page's domain and URI and the current time. Must throw
   * `InvalidSiwxMessageError` rather than produce a message with a bad field.
   */
  createMessage(input: SiwxMessageInput): Promise<SiwxUnsignedMessage>
  /**
   * Verifies a signed message and keeps the session. Must check the signature against
   * `session.data.accountAddress`, the nonce (issued here, unused, then consumed) and the times,
   * and throw without storing anything when a check fails. Resolves once the session is stored.
   */
  addSession(session: SiwxSession): Promise<void>
  /**
   * The stored, unexpired sessions of one account (chain + address); an empty list when none.
   * Must not return another chain's or another address's session; must not throw for storage
   * faults (treat them as "no session").
   */
  getSessions(chainId: SiwxAccount['chainId'], address: string): Promise<SiwxSession[]>
  /** Forgets every session of one account (signs it out) and leaves all other accounts' sessions. */
  revokeSession(chainId: SiwxAccount['chainId'], address: string): Promise<void>
  /**
   * Replaces all stored sessions with `sessions` (an empty list signs every account out).
   * Each session is re-checked (message, times, signature) before it is kept; nonces are not
   * asked for again (they were consumed when the session was first added).
   */
  setSessions(sessions: SiwxSession[]): Promise<void>
  /**
   * Whether a connected account must be signed in: the sign view cannot be closed without a
   * session, and cancelling disconnects the wallet.
   * @default false
   */
  getRequired?(): boolean
  /**
   * Whether disconnecting the wallet also signs its account out.
   * @default true
   */
  signOutOnDisconnect?: boolean | undefined
}
