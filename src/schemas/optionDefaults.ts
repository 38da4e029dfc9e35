// No zod here: the first bundle reads these defaults (button, loader, client flags) before the
// options schema loads with the modal. The schema in `./options` takes its defaults from here too.

/**
 * The defaults of the `LatchkeyOptions` read in more than one place (SPEC §9), written once:
 * the options schema fills them in, the first bundle and the modal fall back to them.
 */
export const optionDefaults = {
  themeMode: 'dark',
  enableEmbedded: false,
  manualWCControl: false,
  enableNetworkSwitch: true,
  allowUnsupportedChain: false,
  /** How long a wallet may take to answer a connect request (plan E5). */
  connectTimeoutMs: 60_000,
  themeVariables: { fontSizeMaster: '10px', borderRadiusMaster: '4px', zIndex: 999 },
} as const
