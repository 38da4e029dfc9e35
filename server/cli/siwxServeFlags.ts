import { items, type ServeFlag, text, wholeNumber, wholeNumbers } from './serveFlagValues'

/** The sign-in (SIWX) flags of `latchkey serve`, in help order: they set `siwx['*']`. */
export const siwxServeFlags: readonly ServeFlag[] = [
  {
    name: 'siwx-domain',
    option: 'siwx.*.domains',
    takes: 'value',
    multiple: true,
    placeholder: '<host[:port]>',
    description:
      "enables sign-in (SIWX) for any project: a domain messages may name, repeatable (','-separated in the variable)",
    read: items,
  },
  {
    name: 'siwx-uri',
    option: 'siwx.*.uris',
    takes: 'value',
    multiple: true,
    placeholder: '<uri>',
    description: 'exact URI sign-in messages may name, repeatable (default: https on the domain)',
    read: items,
  },
  {
    name: 'siwx-chain',
    option: 'siwx.*.chainIds',
    takes: 'value',
    multiple: true,
    placeholder: '<chainId>',
    description: 'chain id accepted for sign-in, repeatable (default: the --chains chains)',
    read: wholeNumbers,
  },
  {
    name: 'siwx-solana-cluster',
    option: 'siwx.*.solanaClusters',
    takes: 'value',
    multiple: true,
    placeholder: '<cluster>',
    description:
      'Solana cluster accepted for sign-in: mainnet, devnet, testnet or solana:<genesis-hash prefix>, repeatable (default: none)',
    read: items,
  },
  {
    name: 'siwx-max-age-ms',
    option: 'siwx.*.maxAgeMs',
    takes: 'value',
    placeholder: '<ms>',
    description: "oldest sign-in message's issuedAt accepted (600000)",
    read: wholeNumber,
  },
  {
    name: 'siwx-session-ttl-ms',
    option: 'siwx.*.sessionTtlMs',
    takes: 'value',
    placeholder: '<ms>',
    description: 'longest sign-in session (86400000, 24 h)',
    read: wholeNumber,
  },
  {
    name: 'siwx-nonce-ttl-ms',
    option: 'siwx.*.nonceTtlMs',
    takes: 'value',
    placeholder: '<ms>',
    description: 'how long a sign-in nonce stays usable (600000, at most that)',
    read: wholeNumber,
  },
  {
    name: 'siwx-credentials',
    option: 'siwx.*.credentials',
    takes: 'value',
    placeholder: '<cookie|bearer|both>',
    description: 'how the sign-in session travels (both)',
    read: text,
  },
]
