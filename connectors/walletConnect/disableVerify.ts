/** The part of a WalletConnect core (`@walletconnect/core` 2.21.8) this switch touches. */
export interface VerifyHolder {
  verify: {
    register(params: { id: string; decryptedId: string }): Promise<string | undefined>
    resolve(params: {
      attestationId?: string
      hash?: string
      encryptedId?: string
    }): Promise<unknown>
  }
}

/**
 * Turns WalletConnect's Verify API off on one core: no attestation iframe to
 * `verify.walletconnect.org` before a proposal or request (dapp side, browsers only, each
 * waiting up to 5 s), and no attestation or public-key fetch when one arrives (wallet side).
 *
 * Core 2.21.8 has no option for it: its only switch is the undocumented `IS_VITEST` environment
 * variable, read process-wide. So the instance's two public entry points answer exactly what core
 * answers with that switch on: no attestation (`undefined`) and no verification result (`''`, so
 * the wallet shows the origin as "UNKNOWN"). Call it right after the client starts, before any
 * pairing; nothing in core calls Verify earlier.
 */
export function disableVerify(core: VerifyHolder): void {
  core.verify.register = async () => undefined
  core.verify.resolve = async () => ''
}
