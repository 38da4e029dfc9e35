import * as z from 'zod/mini'
import {
  type SiwxOption,
  siwxAdapterMethods,
  siwxNotAnAdapter,
  siwxOptionalFields,
} from './siwxOption'

/**
 * Schema of the `siwx` option (zod/mini), part of `optionsSchema`, the reference of
 * `siwxOptionGuard`. The adapter is checked, not copied: it passes through as the same object.
 */
export const siwxOptionSchema = z
  .custom<SiwxOption>((value) => typeof value === 'object' && value !== null, {
    error: siwxNotAnAdapter,
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
      for (const [field, type] of siwxOptionalFields)
        if (record[field] !== undefined && typeof record[field] !== type)
          context.addIssue({
            code: 'invalid_type',
            expected: type,
            input: record[field],
            path: [field],
          })
    }),
  )
