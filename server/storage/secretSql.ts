import { z } from 'zod'
import type { SecretKind, StoredSecret } from './storage'

// The secrets under the master key (server/crypto/encryption.ts), one statement pair per kind,
// for both databases (`?` placeholders; pg numbers them). A sealed wallet's row has no key.

const pageSql: Readonly<Record<SecretKind, string>> = {
  wallet:
    "SELECT user_id, address, encrypted_key AS ciphertext FROM wallets WHERE custody = 'server' AND encrypted_key <> '' AND user_id > ? ORDER BY user_id LIMIT ?",
  solanaWallet:
    "SELECT user_id, address, encrypted_key AS ciphertext FROM solana_wallets WHERE encrypted_key <> '' AND user_id > ? ORDER BY user_id LIMIT ?",
  serverShare:
    'SELECT s.user_id, w.address, s.server_share AS ciphertext FROM wallet_shares s JOIN wallets w ON w.user_id = s.user_id WHERE s.user_id > ? ORDER BY s.user_id LIMIT ?',
  // Every split of the users of the page (a user has one per device): the cursor is a user id.
  deviceShare:
    'SELECT s.user_id, w.address, s.server_share AS ciphertext FROM wallet_device_shares s JOIN wallets w ON w.user_id = s.user_id WHERE s.user_id IN (SELECT DISTINCT user_id FROM wallet_device_shares WHERE user_id > ? ORDER BY user_id LIMIT ?) ORDER BY s.user_id',
  totpSecret:
    "SELECT user_id, '' AS address, secret AS ciphertext FROM totp_factors WHERE user_id > ? ORDER BY user_id LIMIT ?",
}

// Compare-and-set: a server that rewrote the secret meanwhile (new shares) wins.
const replaceSql: Readonly<Record<SecretKind, string>> = {
  wallet: 'UPDATE wallets SET encrypted_key = ? WHERE user_id = ? AND encrypted_key = ?',
  solanaWallet:
    'UPDATE solana_wallets SET encrypted_key = ? WHERE user_id = ? AND encrypted_key = ?',
  serverShare: 'UPDATE wallet_shares SET server_share = ? WHERE user_id = ? AND server_share = ?',
  deviceShare:
    'UPDATE wallet_device_shares SET server_share = ? WHERE user_id = ? AND server_share = ?',
  totpSecret: 'UPDATE totp_factors SET secret = ? WHERE user_id = ? AND secret = ?',
}

const secretRow = z.object({ user_id: z.string(), address: z.string(), ciphertext: z.string() })

/** The SELECT of a page of `kind` (args: after user id, limit). */
export function secretPageSql(kind: SecretKind): string {
  return pageSql[kind]
}

/** The conditional UPDATE of one secret (args: new ciphertext, user id, old ciphertext). */
export function secretReplaceSql(kind: SecretKind): string {
  return replaceSql[kind]
}

/** A row of {@link secretPageSql}, parsed. */
export function storedSecret(kind: SecretKind, row: unknown): StoredSecret {
  const parsed = secretRow.parse(row)
  return { kind, userId: parsed.user_id, address: parsed.address, ciphertext: parsed.ciphertext }
}

/** `?` placeholders as PostgreSQL's `$1, $2 …`. */
export function numbered(sql: string): string {
  let index = 0
  return sql.replace(/\?/g, () => `$${++index}`)
}
