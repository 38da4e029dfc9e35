import { type ChainNamespace, chainNamespaces } from '../networks'
import type { StoredValueSchema } from '../storage/createValidatedStorage'
import { maxRecentWallets } from '../storage/maxRecentWallets'
import { isCaipNetworkId } from '../utils/caip'
import { isSafeDeepLinkUrl, isSafeImageUrl } from '../utils/url'
import {
  array,
  asSchema,
  fail,
  type Guard,
  nonEmpty,
  object,
  oneOf,
  optional,
  string,
  wrongType,
} from './guard'
import type { StorageValues } from './storage'

const namespace = oneOf(chainNamespaces)

// `z.partialRecord(chainNamespaceSchema, nonEmpty)`: any of the namespaces, nothing else.
const connectorIds: Guard<Partial<Record<ChainNamespace, string>>> = (input, path) => {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return wrongType(path, 'record', input)
  const record = input as Record<string, unknown>
  const output: Partial<Record<ChainNamespace, string>> = {}
  for (const key of chainNamespaces) {
    if (!(key in record)) continue
    const id = nonEmpty(record[key], [...path, key])
    if (!id.ok) return id
    output[key] = id.value
  }
  // zod leaves an own `__proto__` key out of a record without refusing it
  for (const key in record)
    if (key !== '__proto__' && !namespace(key, path).ok)
      return fail(path, { code: 'unrecognized_keys', keys: [key] })
  return { ok: true, value: output }
}

const recentWallet = object({
  id: nonEmpty,
  name: nonEmpty,
  icon: optional(string([isSafeImageUrl, undefined])),
  rdns: optional(nonEmpty),
})

/**
 * The rules of `storageSchemas` (./storage, zod) for the modal's stored records, without zod: the
 * modal reads them on first open. `storageGuards.test.ts` holds each to its zod schema.
 */
export const storageGuards = {
  activeNamespace: asSchema(namespace),
  activeCaipNetworkId: asSchema(string([isCaipNetworkId, undefined])),
  connectedConnectorIds: asSchema(connectorIds),
  recentWallets: asSchema(
    array(recentWallet, [(items) => items.length <= maxRecentWallets, 'Too many.']),
  ),
  // Reserved for WalletConnect: the deep link the visitor last chose on mobile.
  deepLinkChoice: asSchema(
    object({ href: string([isSafeDeepLinkUrl, undefined]), name: string() }),
  ),
} satisfies { [K in keyof StorageValues]: StoredValueSchema<StorageValues[K]> }
