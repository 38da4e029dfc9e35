import type { LatchkeyOptions } from '../src/schemas/options'
import type { ThemeVariablesInput } from './theme/themeVariablesToStyle'

/** The few options the first bundle reads (button, loader, start view, unsupported-chain rule). */
export interface ShellOptions {
  themeMode: 'dark' | 'light'
  themeVariables: ThemeVariablesInput | undefined
  enableEmbedded: boolean
  manualWCControl: boolean
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
}

/**
 * Reads what the first bundle needs from the host's options, with the defaults of SPEC §9 and
 * without validating: the zod schema loads with the modal, which validates everything (and so
 * does a development build at mount). A wrong type here falls back to the default.
 */
export function resolveShellOptions(options: LatchkeyOptions): ShellOptions {
  const input: NonNullable<LatchkeyOptions> = options && typeof options === 'object' ? options : {}
  const flag = (value: unknown, fallback: boolean) =>
    typeof value === 'boolean' ? value : fallback
  return {
    themeMode: input.themeMode === 'light' ? 'light' : 'dark',
    themeVariables:
      input.themeVariables && typeof input.themeVariables === 'object'
        ? input.themeVariables
        : undefined,
    enableEmbedded: flag(input.enableEmbedded, false),
    manualWCControl: flag(input.manualWCControl, false),
    enableNetworkSwitch: flag(input.enableNetworkSwitch, true),
    allowUnsupportedChain: flag(input.allowUnsupportedChain, false),
  }
}
