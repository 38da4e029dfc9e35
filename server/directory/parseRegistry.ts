import { OptionsValidationError } from '../../src/errors/OptionsValidationError'
import {
  type DirectoryFeatures,
  type DirectoryWallet,
  registryFileSchema,
  registryWalletSchema,
} from './registrySchema'

/** A registry entry that was not served, and why. */
export interface DroppedWallet {
  /** Position in the file's `wallets` list. */
  index: number
  /** The entry's id when it had a readable one. */
  id?: string | undefined
  reason: string
}

/** A checked registry: the wallets served, in file order, and the ones dropped. */
export interface DirectoryRegistry {
  wallets: readonly DirectoryWallet[]
  features: DirectoryFeatures
  dropped: readonly DroppedWallet[]
}

function idOf(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined
  const id = (entry as { id?: unknown }).id
  return typeof id === 'string' && id.length <= 128 ? id : undefined
}

/**
 * Checks a registry (the parsed JSON of the operator's file) entry by entry: an entry with HTML in
 * its name, a `javascript:`/`data:` link, a bad id or a repeated id is dropped with its reason,
 * and the others are kept. Only a file that is not `{ wallets: [...] }` is refused as a whole.
 * @throws {OptionsValidationError} when the outer shape is wrong (`option` is `source`).
 */
export function parseRegistry(value: unknown, source = 'directory.registry'): DirectoryRegistry {
  const file = registryFileSchema.safeParse(value)
  if (!file.success) {
    const issue = file.error.issues[0]
    const at = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    throw new OptionsValidationError({
      option: source,
      reason: `Expected { wallets: [...] }; ${at}${issue?.message ?? 'invalid'}`,
    })
  }
  const wallets: DirectoryWallet[] = []
  const dropped: DroppedWallet[] = []
  const seen = new Set<string>()
  file.data.wallets.forEach((entry, index) => {
    const result = registryWalletSchema.safeParse(entry)
    if (!result.success) {
      const issue = result.error.issues[0]
      const field = issue?.path.length ? `${issue.path.join('.')}: ` : ''
      dropped.push({ index, id: idOf(entry), reason: `${field}${issue?.message ?? 'invalid'}` })
      return
    }
    if (seen.has(result.data.id)) {
      dropped.push({ index, id: result.data.id, reason: 'id: Repeats an earlier entry.' })
      return
    }
    seen.add(result.data.id)
    wallets.push(result.data)
  })
  return { wallets, features: file.data.features ?? {}, dropped }
}
