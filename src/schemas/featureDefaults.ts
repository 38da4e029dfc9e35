/**
 * The defaults of `features` (SPEC §9), written once for the options schema and its zod-free
 * twin (`optionsGuard`). A file of their own: only those read them, and a bundler gives a file's
 * code to every chunk that reaches the file (the first bundle reads `optionDefaults`).
 */
export const featureDefaults = {
  email: true,
  emailShowWallets: true,
  allWallets: true,
  receive: true,
  send: true,
  swaps: true,
  onramp: true,
  history: true,
  analytics: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  connectMethodsOrder: ['email', 'social', 'wallet'],
  connectorTypeOrder: [
    'walletConnect',
    'recent',
    'injected',
    'featured',
    'custom',
    'external',
    'recommended',
  ],
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
} as const
