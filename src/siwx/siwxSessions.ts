import { parseCaipNetworkId } from '../utils/caip'
import { parseDateTime } from './siwxGrammar'
import type { SiwxAccount, SiwxSession } from './types'

/**
 * Whether two addresses on one chain are the same account: eip155 hex compares
 * case-insensitively; other namespaces (base58 is case-sensitive) compare exactly.
 */
export function isSameSiwxAddress(chainId: string, a: string, b: string): boolean {
  let namespace: string
  try {
    namespace = parseCaipNetworkId(chainId).namespace
  } catch {
    return false
  }
  return namespace === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b
}

/** Whether a session belongs to `account` (same CAIP-2 chain and same address). */
export function isSiwxSessionFor(session: SiwxSession, account: SiwxAccount): boolean {
  return (
    session.data.chainId === account.chainId &&
    isSameSiwxAddress(account.chainId, session.data.accountAddress, account.address)
  )
}

/**
 * Whether a session can no longer be used at `now`: past its expiration time, or holding a time
 * that does not parse (an invalid date counts as expired, never as "no expiry").
 */
export function isSiwxSessionExpired(session: SiwxSession, now: number = Date.now()): boolean {
  const { expirationTime, issuedAt, notBefore } = session.data
  if (typeof issuedAt !== 'string' || parseDateTime(issuedAt) === undefined) return true
  if (notBefore !== undefined && parseDateTime(notBefore) === undefined) return true
  if (expirationTime === undefined) return false
  const expires = parseDateTime(expirationTime)
  return expires === undefined || expires <= now
}

/** The unexpired sessions of `account`. */
export function getSiwxSessions(
  sessions: readonly SiwxSession[],
  account: SiwxAccount,
  now: number = Date.now(),
): SiwxSession[] {
  return sessions.filter((s) => isSiwxSessionFor(s, account) && !isSiwxSessionExpired(s, now))
}

/** `sessions` without any session of `account`; every other (chain, address) pair is kept. */
export function removeSiwxSessions(
  sessions: readonly SiwxSession[],
  account: SiwxAccount,
): SiwxSession[] {
  return sessions.filter((s) => !isSiwxSessionFor(s, account))
}

/** `sessions` with `session` replacing any earlier session of the same account. */
export function addSiwxSession(
  sessions: readonly SiwxSession[],
  session: SiwxSession,
): SiwxSession[] {
  const account = { chainId: session.data.chainId, address: session.data.accountAddress }
  return [...removeSiwxSessions(sessions, account), session]
}
