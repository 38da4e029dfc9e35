import type { SerializedError } from './serializeError'

/** A numeric detail of a serialised error, if it has one. */
export function readNumberDetail(error: SerializedError, key: string): number | undefined {
  const value = error.details?.[key]
  return typeof value === 'number' ? value : undefined
}

/** A string detail of a serialised error, if it has one. */
export function readStringDetail(error: SerializedError, key: string): string | undefined {
  const value = error.details?.[key]
  return typeof value === 'string' ? value : undefined
}
