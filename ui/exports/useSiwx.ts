import { type UseSiwxReturnType, useSiwx as useModalSiwx } from '../hooks/useSiwx'

/**
 * Sign-in with X (SPEC §4), headless: the same flow the SIWXSignMessage view shows. Needs the
 * `siwx` option; its code loads when a wallet connects (or on the first `signIn`).
 * @example const { session, signIn, signOut } = useSiwx()
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export function useSiwx(): UseSiwxReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalSiwx()
}
