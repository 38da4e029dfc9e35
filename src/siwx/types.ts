import type { CaipNetworkId } from '../networks'

/**
 * Fields of a sign-in message (SPEC §3); times are RFC 3339 strings so sessions survive JSON.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export interface SiwxMessage {
  /** The signing account, without its chain (CAIP-10 `account_address`), e.g. `0xf39F…2266`. */
  accountAddress: string
  /** The CAIP-2 chain the session is bound to, e.g. `eip155:1` or `solana:5eykt4Us…`. */
  chainId: CaipNetworkId
  /** RFC 3986 authority (`host[:port]`) asking for the signature. */
  domain: string
  /** RFC 3986 URI of the resource that is the subject of the signing. */
  uri: string
  /** Message version; always `'1'`. */
  version: '1'
  /** Single-use random token from the relying party: 8 to 128 letters and digits. */
  nonce: string
  /** When the message was made (RFC 3339). */
  issuedAt: string
  /** Human-readable assertion: one line. */
  statement?: string | undefined
  /** When the signed message stops being valid (RFC 3339). */
  expirationTime?: string | undefined
  /** When the signed message becomes valid (RFC 3339). */
  notBefore?: string | undefined
  /** System-specific id of the sign-in request. */
  requestId?: string | undefined
  /** URIs the visitor wants the relying party to resolve. */
  resources?: string[] | undefined
  /** URI scheme of the origin asking for the signature, e.g. `https`. */
  scheme?: string | undefined
}

/**
 * A CACAO container of a signed CAIP-122 message (optional on a session).
 * @see https://chainagnostic.org/CAIPs/caip-74
 */
export interface SiwxCacao {
  h: { t: 'caip122' }
  p: {
    domain: string
    aud: string
    nonce: string
    iss: string
    version?: string | undefined
    iat?: string | undefined
    nbf?: string | undefined
    exp?: string | undefined
    statement?: string | undefined
    requestId?: string | undefined
    resources?: string[] | undefined
  }
  s: {
    /**
     * Signature type, as the namespace's CAIP-122 profile names it: `eip191` or `eip1271` for
     * eip155 (CAIP-74), `solana:ed25519` for Solana ("Signature Type" of the Solana profile).
     * @see https://github.com/ChainAgnostic/namespaces/blob/main/solana/caip122.md
     */
    t: string
    /** The signature, encoded as in {@link SiwxSession.signature}. */
    s: string
    m?: string | undefined
  }
}

/**
 * A sign-in session (SPEC §3): the message fields, the exact text signed and its signature.
 * @see https://chainagnostic.org/CAIPs/caip-122
 */
export interface SiwxSession {
  data: SiwxMessage
  message: string
  /**
   * eip155: `0x` hex. Solana: the 64-byte Ed25519 signature (`solana:signMessage` over the UTF-8
   * bytes of `message`) in base58, Solana's encoding of signatures; no other encoding is read.
   */
  signature: string
  cacao?: SiwxCacao | undefined
}

/** Which account a sign-in is for: a CAIP-2 chain and an address on it. */
export interface SiwxAccount {
  chainId: CaipNetworkId
  address: string
}
