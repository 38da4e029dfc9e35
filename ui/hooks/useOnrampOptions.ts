import type { OnrampOptions } from '../../src/onramp/onrampTypes'
import { type OnrampHookParameters, useOnrampClient } from '../onramp/useOnrampSetup'
import { type ClientQueryResult, useClientQuery } from '../useClientQuery'

/** Parameters of {@link useOnrampOptions}. */
export interface UseOnrampOptionsParameters extends OnrampHookParameters {
  query?: { enabled?: boolean | undefined } | undefined
}

/** What {@link useOnrampOptions} returns: the fields of a TanStack Query result wagmi's hooks use. */
export type UseOnrampOptionsReturnType = ClientQueryResult<OnrampOptions, Error>

/**
 * What the on-ramp sells (issue 15): its providers with their fees, the currencies (with the
 * amounts accepted), countries (and the visitor's, as the server guesses it), payment methods,
 * and the tokens per chain. Read from the `onramp` option's `latchkey serve`, kept 5 minutes.
 * @example const { data } = useOnrampOptions()
 */
export function useOnrampOptions(
  parameters: UseOnrampOptionsParameters = {},
): UseOnrampOptionsReturnType {
  const client = useOnrampClient(parameters)
  return useClientQuery<OnrampOptions, Error>(
    ['latchkey', 'onrampOptions', client?.url ?? null],
    client !== undefined && (parameters.query?.enabled ?? true),
    () => {
      if (!client) throw new TypeError('unreachable: the query is disabled')
      return client.options()
    },
    5 * 60_000,
  )
}
