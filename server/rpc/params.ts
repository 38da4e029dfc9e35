import { isAddressEqual } from 'viem'
import { z } from 'zod'
import { AccountNotAuthorizedError } from '../../src/errors/AccountNotAuthorizedError'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'

/** A 20-byte address. */
export const addressSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected an address.') as unknown as z.ZodType<`0x${string}`>
/** 0x-prefixed hex. */
export const hexSchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/, 'Expected 0x-prefixed hex.') as unknown as z.ZodType<`0x${string}`>
/** A hex quantity (0x0, 0x1a). */
export const quantitySchema = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a hex quantity.')
  .transform((value) => BigInt(value))

/** Parses RPC params; a mismatch becomes `InvalidRequestError` naming the first issue. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.output<T> {
  const result = schema.safeParse(params)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = issue?.path.length ? `params.${issue.path.join('.')}: ` : 'params: '
  throw new InvalidRequestError({ reason: `${path}${issue?.message ?? 'invalid'}` })
}

/** Refuses an address that is not the user's own. */
export function assertOwnAddress(address: `0x${string}` | undefined, own: `0x${string}`): void {
  if (address !== undefined && !isAddressEqual(address, own))
    throw new AccountNotAuthorizedError({ address })
}
