import {
  jsonFile,
  nameResolvers,
  onOff,
  registryPath,
  tokenLists,
  wholeNumberOrZero,
} from './dataFlagValues'
import { type ServeFlag, text } from './serveFlagValues'

/**
 * The flags of the directory API and the chain data API (issue 12). Several set parts of one
 * option: `--chain-data` gives the whole `chainData` from a file, and `--token-list` and
 * `--name-resolver` are merged into its `chains` (a flag's entry wins over the file's).
 */
export const dataServeFlags: readonly ServeFlag[] = [
  {
    name: 'directory',
    option: 'directory.registry',
    takes: 'value',
    placeholder: '<registry.json|sample>',
    description:
      "serves the wallet directory API (GET /getWallets, images, config) and analytics (POST /e) from this registry file; 'sample': the built-in sample",
    read: registryPath,
  },
  {
    name: 'directory-images',
    option: 'directory.images',
    takes: 'value',
    placeholder: '<folder>',
    description:
      'images of the directory: wallets/, assets/, currencies/, tokens/ (the images folder beside the registry)',
    read: text,
  },
  {
    name: 'directory-analytics',
    option: 'directory.analytics',
    takes: 'value',
    placeholder: '<true|false>',
    description: 'accept analytics events at POST /e when the directory is on (true)',
    read: onOff,
  },
  {
    name: 'chain-data',
    option: 'chainData',
    takes: 'value',
    placeholder: '<file.json>',
    description:
      'the chain data API settings as JSON: per chain id its tokens (with price), nfts, startBlock, nativeCurrency, ensUniversalResolver; priceUrl, confirmations, … (server/API.md "Chain data")',
    read: jsonFile,
  },
  {
    name: 'token-list',
    option: 'chainData.chains',
    takes: 'value',
    multiple: true,
    placeholder: '<chainId=file.json>',
    description:
      "tokens of a chain whose balances and transfers the data API reads: a JSON array of { address, name, symbol, decimals, iconUrl?, price? } or a Uniswap-style token list, repeatable (';'-separated in the variable)",
    read: tokenLists,
  },
  {
    name: 'name-resolver',
    option: 'chainData.chains',
    takes: 'value',
    multiple: true,
    placeholder: '<chainId=0x…>',
    description:
      "ENS-style universal resolver of a chain, for name lookups, repeatable (';'-separated in the variable)",
    read: nameResolvers,
  },
  {
    name: 'index-interval-ms',
    option: 'chainData.indexIntervalMs',
    takes: 'value',
    placeholder: '<ms>',
    description:
      'pause between background indexing runs of each data chain (4000; 0: history requests index instead)',
    read: wholeNumberOrZero,
  },
  {
    name: 'price-url',
    option: 'chainData.priceUrl',
    takes: 'value',
    placeholder: '<url>',
    description:
      'a price API you run: GET <url>?ids=eip155:1,eip155:1:0x… answering { "<id>": <USD> } (none: only the prices in the token lists)',
    read: text,
  },
]
