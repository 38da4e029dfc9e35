import { type ClientOptions, resolveClientOptions } from '../src/client/resolveClientOptions'
import { optionDefaults } from '../src/schemas/optionDefaults'
import type { LatchkeyOptions } from '../src/schemas/options'
import type { ThemeVariablesInput } from './theme/themeVariablesToStyle'

/** The few options the first bundle reads (button, loader, start view, unsupported-chain rule). */
export interface ShellOptions extends ClientOptions {
  themeMode: 'dark' | 'light'
  themeVariables: ThemeVariablesInput | undefined
}

/**
 * Reads what the first bundle needs from the host's options, with the defaults of SPEC §9 and
 * without validating: the zod schema loads with the modal, which validates everything (and so
 * does a development build at mount). A wrong type here falls back to the default.
 */
export function resolveShellOptions(options: LatchkeyOptions): ShellOptions {
  const input: NonNullable<LatchkeyOptions> = options ?? {}
  return {
    ...resolveClientOptions(input),
    themeMode:
      input.themeMode === 'light' || input.themeMode === 'dark'
        ? input.themeMode
        : optionDefaults.themeMode,
    themeVariables:
      input.themeVariables && typeof input.themeVariables === 'object'
        ? input.themeVariables
        : undefined,
  }
}
