import type { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'

/** Parses RPC params; a mismatch becomes `InvalidRequestError` naming the first issue. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.output<T> {
  const result = schema.safeParse(params)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = issue?.path.length ? `params.${issue.path.join('.')}: ` : 'params: '
  throw new InvalidRequestError({ reason: `${path}${issue?.message ?? 'invalid'}` })
}
