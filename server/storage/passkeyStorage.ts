import type { PasskeyRecord, WebauthnChallengeRecord } from './types'

/** The passkeys of `Storage` (server/passkeys): credentials and their one-time challenges. */
export interface PasskeyStorage {
  passkeys: {
    /** Stores a new passkey; false when its credential id is registered already. */
    create(passkey: PasskeyRecord): Promise<boolean>
    find(credentialId: string): Promise<PasskeyRecord | undefined>
    /** The user's passkeys, oldest first. */
    findByUser(userId: string): Promise<PasskeyRecord[]>
    /**
     * Moves the counter from `fromCounter` to `counter` in one conditional UPDATE; false when
     * another sign-in moved it meanwhile (of two assertions with one counter, one wins).
     */
    use(credentialId: string, fromCounter: number, counter: number, at: number): Promise<boolean>
    /** Deletes the user's passkey; false when the user has none with that credential id. */
    delete(userId: string, credentialId: string): Promise<boolean>
  }
  webauthnChallenges: {
    create(challenge: WebauthnChallengeRecord): Promise<void>
    /**
     * Deletes the challenge and returns it, when it is of `purpose`, asked by `thumbprint` and
     * not expired at `now`; in one DELETE, so of concurrent answers exactly one gets it.
     */
    consume(
      challengeHash: string,
      purpose: WebauthnChallengeRecord['purpose'],
      thumbprint: string,
      now: number,
    ): Promise<WebauthnChallengeRecord | undefined>
  }
}
