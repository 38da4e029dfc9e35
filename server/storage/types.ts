/** A user of the embedded wallet, known by a verified email or by social logins. */
export interface UserRecord {
  id: string
  /** The email proven by a login code; null for a user made by a social login. */
  email: string | null
  createdAt: number
}

/** How a social login comes back: to the opener (popup) or by navigating the page (redirect). */
export type SocialFlowMode = 'popup' | 'redirect'

/** A social login in progress (server/social): bound to the frame's device key until its connect. */
export interface SocialFlowRecord {
  id: string
  /** SHA-256 of the `state` sent to the provider. */
  stateHash: string
  provider: string
  deviceId: string
  /** The device key that started the flow (RFC 7638 thumbprint): only it may connect. */
  thumbprint: string
  /** PKCE verifier; never leaves the server. */
  codeVerifier: string
  nonce: string
  mode: SocialFlowMode
  /** The host page's exact origin: the callback posts to it only. */
  origin: string
  /** A page on the host's origin the callback may navigate to (redirect mode, or no opener). */
  returnUrl: string | null
  /** SHA-256 of the single-use secret the host keeps (redirect mode). */
  secretHash: string | null
  /** The signed-in user the provider's account is linked to, instead of a sign-in (issue 14). */
  linkUserId: string | null
  /** SHA-256 of the result handle given to the callback page. */
  resultHash: string | null
  /** The provider's code, until the one connect. */
  code: string | null
  /** The provider's `error`, when it answered one. */
  error: string | null
  createdAt: number
  expiresAt: number
  returnedAt: number | null
  consumedAt: number | null
}

/** A provider's account linked to a user, keyed by (provider, subject). */
export interface SocialIdentityRecord {
  provider: string
  subject: string
  userId: string
  email: string | null
  emailVerified: boolean
  username: string | null
  createdAt: number
  updatedAt: number
}

/** A user's custodial key, encrypted at rest (AES-256-GCM; iv, tag and ciphertext in one string). */
export interface WalletRecord {
  userId: string
  address: `0x${string}`
  /** Empty for a sealed wallet: the server never has its whole key. */
  encryptedKey: string
  createdAt: number
  /** `'sealed'`: the key is split in the frame (docs/security.md); absent: the server holds it. */
  custody?: 'sealed' | undefined
}

/** The shares a sealed wallet's server keeps (docs/security.md "Sealed custody"). */
export interface SealedSharesRecord {
  userId: string
  /** The server share, AES-256-GCM under the wallet key (as {@link WalletRecord}'s key is). */
  serverShare: string
  /** The recovery share as the frame sealed it with the visitor's password (JSON); null until set. */
  recoveryShare: string | null
  /** Counts re-splits: a rotation names the version it replaces. */
  version: number
  updatedAt: number
  /**
   * The frame's device id of the session that made this split (migration 18): signing it out
   * ends that device's sessions. Null (or absent) for a split made before, whose device is unknown.
   */
  deviceId?: string | null | undefined
}

/** A user's passkey (WebAuthn credential), as `server/passkeys` registered it. */
export interface PasskeyRecord {
  /** base64url, as the authenticator made it. */
  credentialId: string
  userId: string
  /** The COSE public key, base64url. */
  publicKey: string
  /** The last signature counter accepted (0 for authenticators that keep none). */
  counter: number
  transports: string[]
  /** Whether the authenticator offered the PRF extension at registration. */
  prf: boolean
  backedUp: boolean
  createdAt: number
  usedAt: number | null
}

/** A WebAuthn challenge handed out and not yet answered (stored as a hash). */
export interface WebauthnChallengeRecord {
  challengeHash: string
  /** The step: register, login, or a second factor for one action (`factor:export` …). */
  purpose: 'register' | 'login' | `factor:${string}`
  /** The signed-in user who registers; null for a login (the passkey names the user). */
  userId: string | null
  /** RFC 7638 thumbprint of the frame's device key that asked. */
  thumbprint: string
  createdAt: number
  expiresAt: number
}

/** A user's custodial ed25519 key (Solana), encrypted at rest as {@link WalletRecord}'s is. */
export interface SolanaWalletRecord {
  userId: string
  /** The public key, base58. */
  address: string
  /**
   * The 32-byte seed, AES-256-GCM under the wallet key; `''` when it is sealed (split with the
   * EVM key in the frame, server/custody/sealedWallets.ts): the server has no key then.
   */
  encryptedKey: string
  createdAt: number
}

/** A device (the frame's random device id) that proved access to the user's email. */
export interface DeviceRecord {
  userId: string
  deviceId: string
  verifiedAt: number
}

/** A session: only the SHA-256 of the token is stored. */
export interface SessionRecord {
  id: string
  userId: string
  deviceId: string
  tokenHash: string
  createdAt: number
  expiresAt: number
}

/** The device key a session is bound to (device-bound sessions, docs/device-proof.md). */
export interface SessionKeyRecord {
  sessionId: string
  /** RFC 7638 SHA-256 thumbprint of the public JWK, base64url. */
  thumbprint: string
  /** The public JWK (P-256: kty, crv, x, y) as JSON. */
  jwk: string
  createdAt: number
}

/** What a one-time code is for. */
export type OtpPurpose = 'login' | 'device' | 'email-primary' | 'email-secondary'

/** A one-time code: only its keyed hash is stored. */
export interface OtpRecord {
  id: string
  purpose: OtpPurpose
  /** The email (login, device) or the user id (email change) the code belongs to. */
  subject: string
  /** The device a login or device code was sent for. */
  deviceId: string | null
  codeHash: string
  /** Extra data: the new address for an email change. */
  data: string | null
  attempts: number
  createdAt: number
  expiresAt: number
  consumedAt: number | null
}

/** A batch of wallet_sendCalls transactions. */
export interface CallsRecord {
  id: string
  userId: string
  chainId: number
  hashes: `0x${string}`[]
  /** True when a call after the recorded ones failed to send. */
  failed: boolean
  createdAt: number
}

/**
 * What became of a broadcast: `sending` (recorded, handed to the node), `sent` (the node took it
 * or it was found by hash), `failed` (the node refused it), `uncertain` (no answer, not found).
 */
export type SendStatus = 'sending' | 'sent' | 'failed' | 'uncertain'

/** A signed transaction, recorded with its hash before it is broadcast. */
export interface SendRecord {
  hash: `0x${string}`
  userId: string
  chainId: number
  address: `0x${string}`
  nonce: number
  status: SendStatus
  createdAt: number
  updatedAt: number
}

/** A Solana transaction the server signed, recorded under its signature before it is sent. */
export interface SolanaSendRecord {
  /** base58: the transaction's id on the cluster. */
  signature: string
  userId: string
  /** CAIP-2, e.g. `solana:localnet`. */
  cluster: string
  address: string
  status: SendStatus
  createdAt: number
  updatedAt: number
}

/** A sign-in nonce issued to a project: single use, until `expiresAt`. */
export interface SiwxNonceRecord {
  nonce: string
  projectId: string
  createdAt: number
  expiresAt: number
}

/** A sign-in session: only the SHA-256 of its 256-bit token is stored. */
export interface SiwxSessionRecord {
  tokenHash: string
  projectId: string
  /** CAIP-2, e.g. `eip155:1`. */
  chainId: string
  /** As signed (checksummed); compare case-insensitively. */
  address: string
  /** The exact signed message and its signature. */
  message: string
  signature: string
  createdAt: number
  expiresAt: number
}

/** An analytics event a dapp's modal sent (POST /e, SPEC §7). */
export interface AnalyticsEventRecord {
  projectId: string
  /** The client's id of the event; one event per (project, id) is kept. */
  eventId: string
  /** The page's URL and domain, as the client sent them. */
  url: string
  domain: string
  /** The `Origin` the request came with, when it had one. */
  origin: string | null
  /** When it happened, in ms since epoch (the client's clock). */
  timestamp: number
  /** The event data (event name, properties, address) as JSON. */
  props: string
  /** The sdk type and version of the query (`st`, `sv`). */
  sdkType: string | null
  sdkVersion: string | null
  /** When the server stored it (the server's clock). */
  receivedAt: number
}
