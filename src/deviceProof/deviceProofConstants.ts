/** Request header carrying the device proof (a compact JWS, see docs/device-proof.md). */
export const deviceProofHeader = 'Latchkey-Proof'
/** Response header on every `/v1` answer: a fresh server nonce to sign into the next proof. */
export const deviceNonceHeader = 'Latchkey-Nonce'
/** Response header on every `/v1` answer: the server's clock in ms, so a client can correct its `iat`. */
export const serverTimeHeader = 'Latchkey-Time'
/** The proof's JWS `typ`. */
export const deviceProofType = 'latchkey-proof+jwt'
/** How far a proof's `iat` may be from the server's clock, in seconds (both ways). */
export const deviceProofSkewSeconds = 60
/** How long a server nonce is accepted, in ms. */
export const deviceNonceTtlMs = 5 * 60_000
