import type { Context } from 'hono'
import type { z } from 'zod'
import { InvalidRequestError } from '../../src/errors/InvalidRequestError'

/** Reads and validates a JSON body; anything else is an `InvalidRequestError`. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.output<T>> {
  const type = c.req.header('content-type') ?? ''
  // Requiring JSON also makes cross-origin posts need a CORS preflight, which this API never grants.
  if (!/^application\/json\b/i.test(type))
    throw new InvalidRequestError({
      reason: 'Expected a JSON body (content-type: application/json).',
    })
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new InvalidRequestError({ reason: 'The body is not valid JSON.' })
  }
  return parseInput(schema, body)
}

/** Validates a value against a schema, as an `InvalidRequestError` naming the first issue. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  throw new InvalidRequestError({ reason: `${field}${issue?.message ?? 'invalid input'}` })
}
