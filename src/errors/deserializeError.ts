import type { BaseError } from './base'
import { InvalidErrorPayloadError } from './InvalidErrorPayloadError'
import type { ErrorRegistry, SerializedError, SerializedErrorDetail } from './serializeError'

/** Limits of a serialised error read from a wire. */
const limits = { message: 4096, name: 64, details: 16, detail: 256 } as const

const namePattern = /^[A-Za-z][A-Za-z0-9]{0,63}$/

/** Parameters of {@link deserializeError}. */
export type DeserializeErrorParameters = {
  /** The classes this wire can carry, by name. */
  registry: ErrorRegistry
  /** The error for a well-formed payload whose name the registry does not know. */
  fallback(error: SerializedError): BaseError
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readDetails(value: unknown): Record<string, SerializedErrorDetail> | string | undefined {
  if (value === undefined) return undefined
  if (!isObject(value)) return 'details is not an object'
  const entries = Object.entries(value)
  if (entries.length > limits.details) return `more than ${limits.details} details`
  const details: Record<string, SerializedErrorDetail> = {}
  for (const [key, detail] of entries) {
    if (!namePattern.test(key)) return 'a detail key is not an identifier'
    if (typeof detail === 'string' && detail.length <= limits.detail) details[key] = detail
    else if (typeof detail === 'boolean' || (typeof detail === 'number' && Number.isFinite(detail)))
      details[key] = detail
    else return `detail "${key}" is not a short string, a number or a boolean`
  }
  return details
}

/** Checks an unknown value against the {@link SerializedError} shape; a string says what is wrong. */
export function readSerializedError(value: unknown): SerializedError | string {
  if (!isObject(value)) return 'not an object'
  const { name, message, code } = value
  if (typeof name !== 'string' || !namePattern.test(name)) return 'name is not an identifier'
  if (typeof message !== 'string' || message.length === 0 || message.length > limits.message)
    return `message is not a string of 1 to ${limits.message} characters`
  if (
    code !== undefined &&
    !(typeof code === 'number' && Number.isSafeInteger(code)) &&
    !(typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code))
  )
    return 'code is not an integer or an upper-case word'
  const details = readDetails(value.details)
  if (typeof details === 'string') return details
  return {
    name,
    message,
    ...(code === undefined ? {} : { code }),
    ...(details === undefined ? {} : { details }),
  }
}

/**
 * Makes an error read from a wire again as the class it was thrown as: a name the registry knows
 * gives that class (with the wire's sentence as its short message, since the sender may have
 * said more than the class's default), an unknown name gives `fallback` (which keeps the name), and
 * a malformed payload gives an `InvalidErrorPayloadError`. Never throws.
 * @example deserializeError(payload, { registry: serverErrorRegistry, fallback })
 */
export function deserializeError(
  value: unknown,
  parameters: DeserializeErrorParameters,
): BaseError {
  const serialized = readSerializedError(value)
  if (typeof serialized === 'string') return new InvalidErrorPayloadError({ reason: serialized })
  const { registry } = parameters
  const entry = Object.hasOwn(registry, serialized.name) ? registry[serialized.name] : undefined
  if (!entry) return parameters.fallback(serialized)
  const error = entry.revive(serialized)
  if (error.shortMessage !== serialized.message) {
    // The first line of `message` is the short message (BaseError): only that line changes.
    error.message = `${serialized.message}${error.message.slice(error.shortMessage.length)}`
    error.shortMessage = serialized.message
  }
  return error
}
