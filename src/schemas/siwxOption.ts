import * as z from 'zod/mini'
import type { SiwxAdapter } from '../siwx/SiwxAdapter'

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

const optionalFields = [
  ['getRequired', 'function'],
  ['signOutOnDisconnect', 'boolean'],
  ['required', 'boolean'],
] as const

/**
 * Schema of the `siwx` option (zod/mini). The adapter is checked, not copied: it passes through
 * as the same object, so a class instance keeps its prototype and its private state.
 */
export const siwxOptionSchema = z
  .custom<SiwxOption>((value) => typeof value === 'object' && value !== null, {
    error: 'Expected an object implementing SiwxAdapter.',
  })
  .check(
    z.superRefine((value, context) => {
      const record = value as unknown as Record<string, unknown>
      for (const method of siwxAdapterMethods)
        if (typeof record[method] !== 'function')
          context.addIssue({
            code: 'invalid_type',
            expected: 'function',
            input: record[method],
            path: [method],
          })
      for (const [field, type] of optionalFields)
        if (record[field] !== undefined && typeof record[field] !== type)
          context.addIssue({
            code: 'invalid_type',
            expected: type,
            input: record[field],
            path: [field],
          })
    }),
  )

/** Whether a connected account must sign in: `required`, else `getRequired()`, else false. */
export function isSiwxRequired(siwx: SiwxOption): boolean {
  return siwx.required ?? siwx.getRequired?.() ?? false
}
