import { jsonFile } from './dataFlagValues'
import type { ServeFlag } from './serveFlagValues'

/**
 * The on-ramp flag (issue 15): `sandbox` (the sandbox providers with every default, for a local
 * anvil), or the whole `onramp` option from a JSON file, so keys stay out of the process list.
 */
export const onrampServeFlags: readonly ServeFlag[] = [
  {
    name: 'onramp',
    option: 'onramp',
    takes: 'value',
    placeholder: '<sandbox|file.json>',
    description:
      'buy with card: sandbox (two test providers, a card page, delivery on anvil), or JSON { sandbox?: { funderKey?, webhookSecret?, tokens? }, ramp?: { hostApiKey, apiUrl?, widgetUrl?, webhookPublicKey?, hostAppName?, hostLogoUrl?, fiatCurrencies?, countries? }, timeoutMs? } (server/API.md "Buy with card"); none: no on-ramp route',
    read: (raw, flag) =>
      raw[raw.length - 1] === 'sandbox' ? { sandbox: {} } : jsonFile(raw, flag),
  },
]
