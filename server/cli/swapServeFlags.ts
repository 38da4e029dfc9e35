import { jsonFile } from './dataFlagValues'
import type { ServeFlag } from './serveFlagValues'

/**
 * The swap flag (issue 15): the whole `swap` option from a JSON file, so the providers' API keys
 * stay out of the command line and the process list.
 */
export const swapServeFlags: readonly ServeFlag[] = [
  {
    name: 'swap',
    option: 'swap',
    takes: 'value',
    placeholder: '<file.json>',
    description:
      'swap providers as JSON: { zeroEx?: { apiKey, baseUrl?, fee? }, oneInch?: { apiKey, baseUrl?, fee? }, priceCacheMs?, timeoutMs? } (server/API.md "Swap"); none: no swap route',
    read: jsonFile,
  },
]
