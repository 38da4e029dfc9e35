import { useContext, useMemo } from 'react'
import { createOnrampClient, type OnrampClient } from '../../src/onramp/createOnrampClient'
import type { OnrampOption } from '../../src/schemas/options'
import { LatchkeyContext } from '../context/LatchkeyContext'

/** Parameters every on-ramp hook takes: its own `onramp` option, else the provider's. */
export interface OnrampHookParameters {
  /** The on-ramp server; defaults to `LatchkeyProvider`'s `onramp` option. */
  onramp?: OnrampOption | undefined
}

/**
 * The on-ramp client of the hook's `onramp` option, else of the nearest `LatchkeyProvider`'s
 * (one per distinct option and project). None when buying is not configured.
 */
export function useOnrampClient(parameters: OnrampHookParameters = {}): OnrampClient | undefined {
  const context = useContext(LatchkeyContext)
  const url = (parameters.onramp ?? context?.input?.onramp)?.url
  const projectId = context?.input?.projectId
  return useMemo(() => (url ? createOnrampClient({ url, projectId }) : undefined), [url, projectId])
}
