import { BaseError } from './base'

/** A value a serialised error may carry in `details` (a hash, a count, a flag). */
export type SerializedErrorDetail = string | number | boolean

/**
 * An error as it crosses a wire (server → frame → host, sign-in server → adapter): its class
 * name, its user-facing sentence, its EIP-1193 / JSON-RPC code (or a string code such as a
 * sign-in refusal's reason) and the fields its class puts on the wire (e.g. a broadcast's `hash`).
 */
export type SerializedError = {
  name: string
  message: string
  code?: number | string | undefined
  details?: Record<string, SerializedErrorDetail> | undefined
}

/** What a registry knows of one error class: the fields it sends, and how to make it again. */
export type ErrorRegistryEntry = {
  /** The instance fields that go on the wire as `details`. */
  fields?: readonly string[] | undefined
  /** Makes the error again from its serialised form (the message is set by `deserializeError`). */
  revive(error: SerializedError): BaseError
}

/** Error names mapped to their classes; each wire passes the registry of what it can carry. */
export type ErrorRegistry = Readonly<Record<string, ErrorRegistryEntry>>

const isDetail = (value: unknown): value is SerializedErrorDetail =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value))

/**
 * The serialised form of an error: a `BaseError` keeps its name, short message, code and the
 * fields its registry entry lists; anything else is `InternalError` / 'An error occurred', so
 * nothing unexpected (a stack, a cause) leaves the process.
 * @example serializeError(new InvalidOtpError({ attemptsLeft: 2 }), serverErrorRegistry)
 * // { name: 'InvalidOtpError', message: 'Invalid code', details: { attemptsLeft: 2 } }
 */
export function serializeError(error: unknown, registry: ErrorRegistry = {}): SerializedError {
  if (!(error instanceof BaseError)) return { name: 'InternalError', message: 'An error occurred' }
  const fields = Object.hasOwn(registry, error.name) ? registry[error.name]?.fields : undefined
  const record = error as unknown as Record<string, unknown>
  const code = record.code
  const details: Record<string, SerializedErrorDetail> = {}
  for (const field of fields ?? []) {
    const value = record[field]
    if (isDetail(value)) details[field] = value
  }
  return {
    name: error.name,
    message: error.shortMessage || 'An error occurred',
    ...(typeof code === 'number' || typeof code === 'string' ? { code } : {}),
    ...(Object.keys(details).length > 0 ? { details } : {}),
  }
}
