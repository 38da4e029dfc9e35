import type { OptionsValidationError } from '../errors/OptionsValidationError'
import type { LatchkeyOptions, ResolvedOptions } from './options'
import { optionsGuard } from './optionsGuard'
import { toOptionsValidationError } from './toOptionsValidationError'

/**
 * Validates options and fills in defaults; throws {@link OptionsValidationError} on the first
 * problem. The rules are `optionsSchema`'s (zod), applied by `optionsGuard` so that the modal's
 * first open loads no zod.
 * @example parseOptions({ themeMode: 'light' }).features.email // true
 */
export function parseOptions(input?: LatchkeyOptions): ResolvedOptions {
  const result = optionsGuard(input, [])
  if (result.ok) return result.value
  throw toOptionsValidationError(result.issue)
}
