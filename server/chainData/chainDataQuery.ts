import { z } from 'zod'
import { isEvmAddress } from '../../src/utils/address'
import { chainIdSchema } from '../schemas/api'

/** An EVM address in the path: 40 hex characters, one letter case or a valid checksum. */
export const addressParam = z
  .string()
  .refine((value) => value.startsWith('0x') && isEvmAddress(value), 'Expected an EVM address.')
  .transform((value) => value.toLowerCase() as `0x${string}`)

/**
 * The query of every data call: `chainId` (number, decimal, hex or `eip155:N`), and the inputs
 * the product's client also sends (`projectId`, `currency`, `onramp`, `cache`, `forceUpdate`),
 * accepted and not used.
 */
export const chainDataQuery = z.object({ chainId: chainIdSchema })

/** The history query: `chainId`, an opaque `cursor` from the last page, a page `limit` ≤ 100. */
export const historyQuery = chainDataQuery.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
})
