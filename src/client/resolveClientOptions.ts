import type { LatchkeyOptions } from '../schemas/options'

/** The options the client and the first bundle read before the schema loads (SPEC §9 defaults). */
export interface ClientOptions {
  enableEmbedded: boolean
  manualWCControl: boolean
  enableNetworkSwitch: boolean
  allowUnsupportedChain: boolean
}

/**
 * Reads the client's flags from the host's options without validating: the zod schema loads with
 * the modal, which validates everything. A value of the wrong type falls back to the default.
 */
export function resolveClientOptions(options: LatchkeyOptions): ClientOptions {
  const input: NonNullable<LatchkeyOptions> = options && typeof options === 'object' ? options : {}
  const flag = (value: unknown, fallback: boolean) =>
    typeof value === 'boolean' ? value : fallback
  return {
    enableEmbedded: flag(input.enableEmbedded, false),
    manualWCControl: flag(input.manualWCControl, false),
    enableNetworkSwitch: flag(input.enableNetworkSwitch, true),
    allowUnsupportedChain: flag(input.allowUnsupportedChain, false),
  }
}
