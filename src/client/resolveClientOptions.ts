import { optionDefaults } from '../schemas/optionDefaults'
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
  const flag = (key: keyof ClientOptions) => {
    const value = input[key]
    return typeof value === 'boolean' ? value : optionDefaults[key]
  }
  return {
    enableEmbedded: flag('enableEmbedded'),
    manualWCControl: flag('manualWCControl'),
    enableNetworkSwitch: flag('enableNetworkSwitch'),
    allowUnsupportedChain: flag('allowUnsupportedChain'),
  }
}
