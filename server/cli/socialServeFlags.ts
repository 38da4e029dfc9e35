import { jsonFile } from './dataFlagValues'
import type { ServeFlag } from './serveFlagValues'

/**
 * The social login flag (issue 14): the whole `social` option from a JSON file, so client
 * secrets stay out of the command line and the process list.
 */
export const socialServeFlags: readonly ServeFlag[] = [
  {
    name: 'social',
    option: 'social',
    takes: 'value',
    placeholder: '<file.json>',
    description:
      'social login providers as JSON: { providers: { google: { clientId, clientSecret }, github: {…}, <id>: { issuer, clientId, … } }, redirectUrl? } (server/API.md "Social login"); none: no provider is contacted',
    read: jsonFile,
  },
]
