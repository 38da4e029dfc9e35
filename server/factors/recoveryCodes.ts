import { randomBytes } from 'node:crypto'
import type { ServerContext } from '../context'
import { sha256Hex } from '../crypto/hash'
import { encodeBase32 } from './totp'

/** How many recovery codes a user gets at once. */
export const recoveryCodeCount = 10

/** A code as the visitor may type it: case, spaces and dashes do not matter. */
function normalize(code: string): string {
  return code.toUpperCase().replace(/[^A-Z2-7]/g, '')
}

/** What is stored of a code: SHA-256 over its user and its 80 random bits. */
export function recoveryCodeHash(userId: string, code: string): string {
  return sha256Hex(`latchkey-recovery-code\n${userId}\n${normalize(code)}`)
}

/**
 * Ten new single-use recovery codes for the user (80 random bits each, as `ABCD-EFGH-JKLM-NPQR`),
 * replacing any earlier ones; only their hashes are kept, so this is the one time they are seen.
 */
export async function newRecoveryCodes(
  context: Pick<ServerContext, 'storage' | 'now'>,
  userId: string,
): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, () =>
    (encodeBase32(randomBytes(10)).match(/.{4}/g) ?? []).join('-'),
  )
  await context.storage.recoveryCodes.replace(
    userId,
    codes.map((code) => recoveryCodeHash(userId, code)),
    context.now(),
  )
  return codes
}
