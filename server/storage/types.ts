import type { ChainTransferRecord, HistoryPosition, OwnedNftRecord } from './chainIndexTypes'

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
}

/** A user's custodial ed25519 key (Solana), encrypted at rest as {@link WalletRecord}'s is. */
export interface SolanaWalletRecord {
  userId: string
  /** The public key, base58. */
  address: string
  /** The 32-byte seed, AES-256-GCM under the wallet key. */
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

/** The answer of {@link LimitStorage.take}. */
export type LimitTake =
  | { allowed: true /** The recorded hit, for `release`. */; id: string }
  | {
      allowed: false /** When a slot frees (or the lockout ends), in ms since epoch. */
      retryAt: number
    }

/**
 * Sliding-window counters and escalating lockouts (account protection). A key's lockout also
 * closes its window: while locked nothing is taken, and hits from before the lockout no longer
 * count once it ends.
 */
export interface LimitStorage {
  /**
   * Records one hit of `key` at `now` unless `limit` hits already fall in `(now - windowMs, now]`
   * or the key is locked; one conditional INSERT, so concurrent takes never exceed `limit`.
   */
  take(key: string, now: number, windowMs: number, limit: number): Promise<LimitTake>
  /** Forgets one recorded hit (a check that turned out right does not count as a failure). */
  release(id: string): Promise<void>
  /**
   * Locks `key` unless it is locked already (concurrent calls escalate once): the level goes up
   * by one, or back to 1 when the last lockout ended more than `resetMs` ago; the lockout lasts
   * `ladderMs[level - 1]` (the last entry for higher levels). Returns when it ends.
   */
  lock(key: string, now: number, ladderMs: readonly number[], resetMs: number): Promise<number>
}

/** Persistence used by the server; one implementation per database. */
export interface Storage {
  users: {
    findById(id: string): Promise<UserRecord | undefined>
    findByEmail(email: string): Promise<UserRecord | undefined>
    /** Creates the user and its wallet in one transaction; false when the email is taken. */
    createWithWallet(user: UserRecord, wallet: WalletRecord): Promise<boolean>
    /** Changes the email; false when another user has it. */
    updateEmail(id: string, email: string): Promise<boolean>
    /** Creates a user without a wallet (a sealed project: the frame makes it); false when the email is taken. */
    create(user: UserRecord): Promise<boolean>
  }
  wallets: {
    findByUserId(userId: string): Promise<WalletRecord | undefined>
  }
  sealedWallets: {
    /** Stores a sealed wallet (no key) and its shares in one transaction; false when the user has a wallet. */
    create(wallet: WalletRecord, shares: SealedSharesRecord): Promise<boolean>
    findShares(userId: string): Promise<SealedSharesRecord | undefined>
    /** Replaces the shares when their version is still `fromVersion` (one of concurrent rotations wins). */
    replaceShares(shares: SealedSharesRecord, fromVersion: number): Promise<boolean>
  }
  solanaWallets: {
    findByUserId(userId: string): Promise<SolanaWalletRecord | undefined>
    /**
     * Stores the user's Solana key unless the user has one; returns the one stored (of two
     * concurrent first inserts, both get the same winner).
     */
    insertOnce(wallet: SolanaWalletRecord): Promise<SolanaWalletRecord>
  }
  devices: {
    find(userId: string, deviceId: string): Promise<DeviceRecord | undefined>
    upsertVerified(device: DeviceRecord): Promise<void>
  }
  sessions: {
    create(session: SessionRecord): Promise<void>
    findByTokenHash(tokenHash: string): Promise<SessionRecord | undefined>
    delete(id: string): Promise<void>
    /** Deletes every session of the user except `exceptId` (when given); returns how many. */
    deleteByUser(userId: string, exceptId?: string | undefined): Promise<number>
  }
  otps: {
    /** Stores a code, removing earlier codes with the same purpose and subject. */
    replace(otp: OtpRecord): Promise<void>
    findLatest(purpose: OtpPurpose, subject: string): Promise<OtpRecord | undefined>
    /** Counts one attempt unless `max` is reached; false when no attempt was left. */
    takeAttempt(id: string, max: number): Promise<boolean>
    /** Marks the code used; false when it was already used. */
    consume(id: string, at: number): Promise<boolean>
  }
  calls: {
    create(calls: CallsRecord): Promise<void>
    find(id: string, userId: string): Promise<CallsRecord | undefined>
  }
  sends: {
    /** Records a signed transaction before it is broadcast (the same bytes signed again: its status). */
    create(send: SendRecord): Promise<void>
    /** Records what became of it. */
    setStatus(hash: `0x${string}`, status: SendStatus, at: number): Promise<void>
    /** The record of a hash, if this server signed it. */
    find(hash: `0x${string}`): Promise<SendRecord | undefined>
  }
  siwxNonces: {
    create(nonce: SiwxNonceRecord): Promise<void>
    /**
     * Marks the project's nonce used in one conditional UPDATE; false when it is unknown, used
     * or expired at `now`. Of concurrent calls with one nonce exactly one gets true.
     */
    consume(projectId: string, nonce: string, now: number): Promise<boolean>
  }
  siwxSessions: {
    create(session: SiwxSessionRecord): Promise<void>
    /** The project's session of a token hash, expired ones included (the caller checks). */
    findByTokenHash(projectId: string, tokenHash: string): Promise<SiwxSessionRecord | undefined>
    delete(tokenHash: string): Promise<void>
  }
  limits: LimitStorage
  socialFlows: {
    create(flow: SocialFlowRecord): Promise<void>
    /**
     * Records the provider's answer for the flow of `stateHash` in one conditional UPDATE; the
     * flow, or undefined when it is unknown, expired at `now` or answered before.
     */
    answer(
      stateHash: string,
      answer: { resultHash: string; code: string | null; error: string | null },
      now: number,
    ): Promise<SocialFlowRecord | undefined>
    findByResult(resultHash: string): Promise<SocialFlowRecord | undefined>
    /** Marks the flow used and forgets its code; false when used before or expired at `now`. */
    consume(id: string, now: number): Promise<boolean>
  }
  socialIdentities: {
    find(provider: string, subject: string): Promise<SocialIdentityRecord | undefined>
    /** The user's identities, oldest first. */
    findByUser(userId: string): Promise<SocialIdentityRecord[]>
    /**
     * Creates a user (no email), its wallet and the identity in one transaction; false when the
     * identity exists already (another request made it first). No wallet (undefined) for a
     * sealed project's user: the frame makes it after the login (server/custody/sealedWallets.ts).
     */
    createWithUser(
      user: UserRecord,
      wallet: WalletRecord | undefined,
      identity: SocialIdentityRecord,
    ): Promise<boolean>
    /** Stores what the provider says now (email, username). */
    update(identity: SocialIdentityRecord): Promise<void>
  }
  sessionKeys: {
    /** Creates a session and binds it to its device key, in one transaction. */
    createSession(session: SessionRecord, key: SessionKeyRecord): Promise<void>
    /** The device key of a session; undefined for a session made before binding existed. */
    find(sessionId: string): Promise<SessionKeyRecord | undefined>
  }
  proofIds: {
    /**
     * Records a device proof's id until `expiresAt` in one conditional INSERT; false when it was
     * recorded before (a replay). Of concurrent calls with one id exactly one gets true.
     */
    use(id: string, expiresAt: number): Promise<boolean>
    /** Deletes ids whose window ended, and keys of deleted sessions. */
    prune(now: number): Promise<void>
  }
  analyticsEvents: {
    /** Stores an event; false (nothing changed) when the project already has one with its id. */
    insert(event: AnalyticsEventRecord): Promise<boolean>
    /** The project's events, newest received first, at most `limit`. */
    list(projectId: string, limit: number): Promise<AnalyticsEventRecord[]>
  }
  /** The chain indexer's transfers and per-chain cursor (server/chainData). */
  chainIndex: {
    /** The next block to index on a chain; undefined before the first run. */
    cursor(chainId: number): Promise<number | undefined>
    /**
     * Stores the transfers of blocks up to `nextBlock - 1` and moves the chain's cursor to
     * `nextBlock` (never backwards) in one transaction; a transfer stored before is kept once.
     */
    commit(
      chainId: number,
      nextBlock: number,
      transfers: readonly ChainTransferRecord[],
      at: number,
    ): Promise<void>
    /**
     * The address's transfers (lower case; from or to it) in its newest `limit` transactions
     * strictly before `before`, newest first.
     */
    history(
      chainId: number,
      address: `0x${string}`,
      limit: number,
      before?: HistoryPosition | undefined,
    ): Promise<ChainTransferRecord[]>
    /** ERC-721 tokens whose latest indexed transfer went to `address` (lower case). */
    nftsOwned(chainId: number, address: `0x${string}`): Promise<OwnedNftRecord[]>
  }
  /** Deletes expired sessions, codes, sign-in nonces and sessions, and old counters. */
  prune(now: number): Promise<void>
  close(): Promise<void>
}
