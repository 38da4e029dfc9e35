import { decrypt, encrypt } from '../crypto/encryption'
import type { DerivedKeys } from '../crypto/masterKey'
import { serverShareAad } from '../custody/sealedWallets'
import { solanaWalletAad } from '../custody/solanaWallets'
import { walletAad } from '../custody/wallets'
import { totpAad } from '../factors/secondFactors'
import type { SecretKind, Storage, StoredSecret } from '../storage/storage'

/** Every kind of secret under the master key (server/crypto, server/custody). */
export const secretKinds: readonly SecretKind[] = [
  'wallet',
  'solanaWallet',
  'serverShare',
  'deviceShare',
  'totpSecret',
]

/** What a rotation did, per kind and in all. */
export interface RotationReport {
  /** Re-encrypted under the master key now. */
  rotated: number
  /** Already under the master key (a rotation resumed, or written by a server meanwhile). */
  current: number
  /** Opened by no key given: left as they are (a wrong extra key?). */
  unreadable: number
}

/** Options of {@link rotateMasterKey}. */
export interface RotateMasterKeyOptions {
  storage: Pick<Storage, 'secrets'>
  /** The new master key's keys, with the old one(s) as `extra`. */
  keys: DerivedKeys
  /** @default 100 */
  pageSize?: number
  /** Called after each page: stop with `signal`, or show progress. */
  onPage?: (kind: SecretKind, report: RotationReport) => void
  /** Aborts between pages (what a crash does; a later run resumes). */
  signal?: AbortSignal
}

function aadOf(secret: StoredSecret): string {
  if (secret.kind === 'wallet') return walletAad(secret.userId, secret.address)
  if (secret.kind === 'solanaWallet') return solanaWalletAad(secret.userId, secret.address)
  if (secret.kind === 'totpSecret') return totpAad(secret.userId)
  return serverShareAad(secret.userId, secret.address)
}

/**
 * Re-encrypts every stored secret (wallet keys, Solana keys, sealed wallets' server shares,
 * authenticator-app secrets) that
 * an extra master key opens under the master key, page by page in user-id order; servers keep
 * serving meanwhile (they open both). Each row is replaced only while it still holds the
 * ciphertext read, so a server's new shares are never overwritten (a row changed meanwhile is
 * looked at again in one more pass). A run that stopped anywhere is resumed by running again:
 * what the master key opens already is skipped.
 */
export async function rotateMasterKey(options: RotateMasterKeyOptions): Promise<RotationReport> {
  const total: RotationReport = { rotated: 0, current: 0, unreadable: 0 }
  for (let pass = 0; pass < 3; pass++) {
    const changed = await rotationPass(options, total)
    if (changed === 0) break
  }
  return total
}

/** One pass over every secret; the number of rows that changed under it. */
async function rotationPass(
  options: RotateMasterKeyOptions,
  total: RotationReport,
): Promise<number> {
  const { storage, keys, signal } = options
  const pageSize = options.pageSize ?? 100
  const old = keys.extra.map((set) => set.wallet)
  let changed = 0
  for (const kind of secretKinds) {
    let after = ''
    for (;;) {
      signal?.throwIfAborted()
      const page = await storage.secrets.page(kind, after, pageSize)
      for (const secret of page) {
        const result = await rotateOne(storage, secret, keys.wallet, old)
        if (result === 'changed') changed++
        else total[result]++
      }
      options.onPage?.(kind, { ...total })
      const last = page.at(-1)
      if (!last || page.length < pageSize) break
      after = last.userId
    }
  }
  return changed
}

async function rotateOne(
  storage: Pick<Storage, 'secrets'>,
  secret: StoredSecret,
  current: Buffer,
  old: readonly Buffer[],
): Promise<keyof RotationReport | 'changed'> {
  const aad = aadOf(secret)
  if (opensWith(current, secret)) return 'current'
  let plaintext: string
  try {
    plaintext = decrypt(old, secret.ciphertext, aad)
  } catch {
    return 'unreadable'
  }
  const replaced = await storage.secrets.replace(secret, encrypt(current, plaintext, aad))
  return replaced ? 'rotated' : 'changed'
}

/** Whether `key` (a wallet key) opens `secret`: the check after a rotation. */
export function opensWith(key: Uint8Array, secret: StoredSecret): boolean {
  try {
    decrypt(key, secret.ciphertext, aadOf(secret))
    return true
  } catch {
    return false
  }
}
