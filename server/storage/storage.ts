// The server's persistence: one interface, one implementation per database (server/storage/libsql,
// server/storage/pg), over the records of types.ts.
import type { OnrampStatus } from '../../src/onramp/onrampTypes'
import type { ChainTransferRecord, HistoryPosition, OwnedNftRecord } from './chainIndexTypes'
import type { DeviceShareStorage } from './deviceShareStorage'
import type { FactorStorage } from './factorStorage'
import type { LimitStorage } from './limitStorage'
import type { OnrampSessionRecord, OnrampSessionUpdate } from './onrampSessionRecord'
import type { PasskeyStorage } from './passkeyStorage'
import type { SealedWalletStorage } from './sealedWalletStorage'
import type {
  AnalyticsEventRecord,
  CallsRecord,
  DeviceRecord,
  OtpPurpose,
  OtpRecord,
  SendRecord,
  SendStatus,
  SessionKeyRecord,
  SessionRecord,
  SiwxNonceRecord,
  SiwxSessionRecord,
  SocialFlowRecord,
  SocialIdentityRecord,
  SolanaSendRecord,
  SolanaWalletRecord,
  UserRecord,
  WalletRecord,
} from './types'

export type { LimitStorage } from './limitStorage'

/** Which secret a {@link StoredSecret} is: its table, and the AAD its ciphertext is bound to. */
export type SecretKind = 'wallet' | 'solanaWallet' | 'serverShare' | 'deviceShare' | 'totpSecret'

/** A value encrypted under the master key's wallet key, as stored (server/crypto/encryption.ts). */
export interface StoredSecret {
  kind: SecretKind
  userId: string
  /** The wallet's address (the AAD binds the ciphertext to user and address). */
  address: string
  ciphertext: string
}

/** Connections of one pool (PostgreSQL): in use, idle, and requests waiting for one. */
export interface PoolStats {
  name: string
  inUse: number
  idle: number
  waiting: number
}

/** Persistence used by the server; one implementation per database. */
export interface Storage
  extends FactorStorage,
    PasskeyStorage,
    DeviceShareStorage,
    SealedWalletStorage {
  users: {
    findById(id: string): Promise<UserRecord | undefined>
    findByEmail(email: string): Promise<UserRecord | undefined>
    /** Creates the user and its wallet in one transaction; false when the email is taken. */
    createWithWallet(user: UserRecord, wallet: WalletRecord): Promise<boolean>
    /** Changes the email; false when another user has it. */
    updateEmail(id: string, email: string): Promise<boolean>
    /** Creates a user without a wallet (a sealed project: the frame makes it); false when the email is taken. */
    create(user: UserRecord): Promise<boolean>
    /**
     * Removes the user's email as a way to sign in, only while a social identity remains (a user
     * is never left without one); false otherwise. Run it under `locks.run(loginsLockKey(id))`.
     */
    removeEmail(id: string): Promise<boolean>
  }
  wallets: {
    findByUserId(userId: string): Promise<WalletRecord | undefined>
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
    /**
     * Adds the next hash of a batch sent call by call (a sealed wallet's), with whether the
     * batch is still short of its calls: false unless the batch still holds exactly `previous`
     * (a call sent twice or out of order changes nothing).
     */
    append(
      id: string,
      userId: string,
      previous: `0x${string}`[],
      hash: `0x${string}`,
      failed: boolean,
    ): Promise<boolean>
  }
  sends: {
    /** Records a signed transaction before it is broadcast (the same bytes signed again: its status). */
    create(send: SendRecord): Promise<void>
    /** Records what became of it. */
    setStatus(hash: `0x${string}`, status: SendStatus, at: number): Promise<void>
    /** The record of a hash, if this server signed it. */
    find(hash: `0x${string}`): Promise<SendRecord | undefined>
  }
  solanaSends: {
    /** Records a signed Solana transaction before it is sent (the same bytes again: its status). */
    create(send: SolanaSendRecord): Promise<void>
    setStatus(signature: string, status: SendStatus, at: number): Promise<void>
    find(signature: string): Promise<SolanaSendRecord | undefined>
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
    /** Links a provider's account to an existing user; false when (provider, subject) is linked already. */
    link(identity: SocialIdentityRecord): Promise<boolean>
    /**
     * Removes the user's identities of `provider`, only while another way in remains (an email
     * or another identity); false otherwise. Run it under `locks.run(loginsLockKey(userId))`.
     */
    unlink(userId: string, provider: string): Promise<boolean>
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
  /** Card purchases (server/onramp): stored when started, moved by the provider's events. */
  onrampSessions: {
    create(session: OnrampSessionRecord): Promise<void>
    find(id: string): Promise<OnrampSessionRecord | undefined>
    /**
     * Applies `update` at `at` when the session's status is still one of `from`, in one
     * conditional UPDATE; false when it is not (another event moved it first, or it is final).
     * `txHash` and `failureReason` are kept when the update has none.
     */
    advance(
      id: string,
      from: readonly OnrampStatus[],
      update: OnrampSessionUpdate,
      at: number,
    ): Promise<boolean>
    /** Sets the provider's reference of a session that has none; false when it has one already. */
    bind(id: string, providerRef: string): Promise<boolean>
  }
  locks: {
    /**
     * Runs `task` holding the database's lock of `key`: of every server process on the database,
     * one runs a key's task at a time (the send path's queue: one nonce stream per account and
     * chain). Each process also queues its own tasks (`ServerContext.serialize`).
     */
    run<T>(key: string, task: () => Promise<T>): Promise<T>
  }
  /** Every secret under the master key, for `latchkey rotate-master-key`. */
  secrets: {
    /** Up to `limit` secrets of `kind` whose user id is after `afterUserId`, in user id order. */
    page(kind: SecretKind, afterUserId: string, limit: number): Promise<StoredSecret[]>
    /** Replaces a secret's ciphertext while it is still `secret.ciphertext`; false otherwise. */
    replace(secret: StoredSecret, ciphertext: string): Promise<boolean>
  }
  /** The highest migration applied to the database (it throws when the database is unreachable). */
  schemaVersion(): Promise<number>
  /** The connection pools' use now (PostgreSQL); none for a database without a pool. */
  poolStats?(): PoolStats[]
  /** Deletes expired sessions, codes, sign-in nonces and sessions, and old counters. */
  prune(now: number): Promise<void>
  close(): Promise<void>
}
