import {
  type UseOnrampOptionsParameters,
  type UseOnrampOptionsReturnType,
  useOnrampOptions as useModalOnrampOptions,
} from '../hooks/useOnrampOptions'

/**
 * What the on-ramp sells: providers and fees, currencies with their limits, countries, tokens.
 * @example const { data } = useOnrampOptions()
 */
export function useOnrampOptions(
  parameters?: UseOnrampOptionsParameters,
): UseOnrampOptionsReturnType {
  // Its own function and package entry, for the reason given in ./useEmailLogin.ts.
  return useModalOnrampOptions(parameters)
}
