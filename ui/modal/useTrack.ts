import { useCallback } from 'react'
import { useConfig } from 'wagmi'
import type { AnalyticsEvent } from '../../src/analytics/analyticsEvents'
import { readConnection } from '../../src/client/readConnection'
import { useModalParts } from '../context/useModalParts'

/**
 * Reports an analytics event with the connected address (SPEC §7), per the host's options in
 * force; fire and forget (it never throws, and nothing is sent without `analytics.url`).
 */
export function useTrack(): (event: AnalyticsEvent) => void {
  const { analytics, options } = useModalParts()
  const config = useConfig()
  return useCallback(
    (event: AnalyticsEvent) => {
      const address = event.address ?? readConnection(config.state).address
      void analytics.track(options, { ...event, address })
    },
    [analytics, options, config],
  )
}
