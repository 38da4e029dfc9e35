import type { SiwxAdapter } from '../siwx/SiwxAdapter'
import { fail, type Guard, wrongType } from './guard'

/** The `siwx` option: a sign-in adapter, optionally with a fixed `required` flag. */
export type SiwxOption = SiwxAdapter & {
  /**
   * Whether a connected account must sign in; wins over `getRequired()` when set.
   * @default adapter.getRequired?.() ?? false
   */
  required?: boolean | undefined
}

/** Methods every sign-in adapter must have (see `SiwxAdapter`). */
export const siwxAdapterMethods = [
  'getNonce',
  'createMessage',
  'addSession',
  'getSessions',
  'revokeSession',
  'setSessions',
] as const

/** Members an adapter may have, with their type. */
export const siwxOptionalFields = [
  ['getRequired', 'function'],
  ['signOutOnDisconnect', 'boolean'],
  ['required', 'boolean'],
] as const

/** The message of a `siwx` option that is not an object. */
export const siwxNotAnAdapter = 'Expected an object implementing SiwxAdapter.'

/**
 * Checks the `siwx` option without copying it: the adapter passes through as the same object, so
 * a class instance keeps its prototype and its private state. The first missing method or
 * mistyped member is the issue (`siwxOptionSchema` is the same rule in zod).
 */
export const siwxOptionGuard: Guard<SiwxOption> = (input, path) => {
  if (typeof input !== 'object' || input === null)
    return fail(path, { code: 'custom', input, message: siwxNotAnAdapter })
  const record = input as Record<string, unknown>
  for (const method of siwxAdapterMethods)
    if (typeof record[method] !== 'function')
      return wrongType([...path, method], 'function', record[method])
  for (const [field, type] of siwxOptionalFields)
    if (record[field] !== undefined && typeof record[field] !== type)
      return wrongType([...path, field], type, record[field])
  return { ok: true, value: input as SiwxOption }
}

/** Whether a connected account must sign in: `required`, else `getRequired()`, else false. */
export function isSiwxRequired(siwx: SiwxOption): boolean {
  return siwx.required ?? siwx.getRequired?.() ?? false
}
